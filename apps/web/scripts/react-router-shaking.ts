import type { Plugin } from 'vite';

/** The module of React Router's DOM components (Link, NavLink, Form, the routers…), as the build bundles it. */
const DOM_COMPONENTS = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]lib\.js$/;

/**
 * Leaves the React Router components the shop never renders out of the build (decision 022). React
 * Router writes each as `const NavLink = React$1.forwardRef(…)` followed by `NavLink.displayName =
 * "NavLink"`: a call not marked pure and a property write, which the bundler must keep in case they do
 * something, so every component of that module stayed in the landing's chunk, used or not: NavLink,
 * Form, ScrollRestoration, the history router, with what they bring (about 1.7 kB gzipped). This marks
 * those `forwardRef` calls pure, as they are, and drops the module's display names, which only React
 * DevTools reads; what the shop uses (Link, BrowserRouter, …) stays as it was. Should a React Router
 * release write the module otherwise, the build warns, and `npm run size` shows the kilobytes back.
 */
export function reactRouterShaking(): Plugin {
  return {
    name: 'lionrock-react-router-shaking',
    apply: 'build',
    transform: {
      filter: { id: DOM_COMPONENTS },
      handler(code) {
        let pure = 0;
        const shaken = code
          // Each on a line of its own; the line stays (empty), so the module's lines keep their numbers.
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
          .replace(/\bReact\$1\.forwardRef\(/g, () => {
            pure += 1;
            return '/* @__PURE__ */ React$1.forwardRef(';
          });
        if (pure === 0) this.warn('no React$1.forwardRef( in React Router: nothing was marked pure');
        return { code: shaken, map: null };
      },
    },
  };
}
