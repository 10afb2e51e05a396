/// <reference types="vite/client" />

declare module 'virtual:zh-hant' {
  /** The Chinese catalogue (locales/zh.json) in Traditional characters, converted at build time. */
  const catalogue: import('./lib/translate').TCatalogue;
  export default catalogue;
}

declare module 'virtual:catalogue/*' {
  /** One part of a language's catalogue, `landing`, `pages` or `info` (scripts/catalogue-parts.ts, decision 022). */
  const catalogue: import('./lib/translate').TCatalogue;
  export default catalogue;
}

declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}

declare module '*.json?hong-kong' {
  /** A Simplified text file's strings as Hong Kong reads them, converted at build time (decision 110). */
  const texts: Record<string, string>;
  export default texts;
}
