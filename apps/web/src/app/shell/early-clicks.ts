/**
 * A press on a control marked `data-early-click` before the app has taken the page over does nothing
 * (no handler yet). This script, run inline right after `#root` on a page the server draws
 * (prerender.tsx), marks the pressed control `data-early-clicked`, so the component does on arrival
 * what was asked: the date field opens its calendar. Once the app is ready (`<html data-app="ready">`)
 * it marks nothing.
 */
export const EARLY_CLICKS = `(function(){var root=document.getElementById('root');if(!root)return;root.addEventListener('click',function(e){if(document.documentElement.dataset.app==='ready')return;var t=e.target&&e.target.closest&&e.target.closest('[data-early-click]');if(t)t.setAttribute('data-early-clicked','')},true)})()`;
