// The theme remembered on this device (web/src/app/theme-choice.ts, same key and rule), set on the
// page before its first paint so a light-theme runner never sees the dark page flash first. A
// classic script, loaded before the app: the CSP allows no inline script.
/* global window, document */
(function () {
  try {
    var choice = localStorage.getItem('stride-theme');
    var light =
      choice === 'light' || (choice === 'system' && window.matchMedia('(prefers-color-scheme: light)').matches);
    document.documentElement.dataset.theme = light ? 'light' : 'dark';
  } catch {
    // Storage blocked: the page stays dark, the default theme.
  }
})();
