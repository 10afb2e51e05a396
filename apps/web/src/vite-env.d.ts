/// <reference types="vite/client" />

declare module 'virtual:zh-hant' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
