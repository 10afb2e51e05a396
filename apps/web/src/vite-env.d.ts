/// <reference types="vite/client" />

declare module 'virtual:zh-hant' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}

declare module 'virtual:zh-hant-benefits' {
  /** Each Simplified Chinese label of the benefit schedules, in Traditional characters (build time). */
  const texts: Record<string, string>;
  export default texts;
}
