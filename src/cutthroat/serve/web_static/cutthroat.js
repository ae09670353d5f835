// The web door's page, after textual.js: the terminal starts once its font is here (so its cells
// are measured with it), takes the keyboard as soon as its first screen bytes arrive (no click
// needed), and "Back to the tables" opens a fresh session.
(() => {
  "use strict";
  const connect = window.onload; // textual.js's: makes the terminal and opens the websocket
  window.onload = (event) => {
    const go = () => { if (connect) connect.call(window, event); };
    const fonts = document.fonts ? document.fonts.load("16px 'Roboto Mono'") : Promise.resolve();
    fonts.then(go, go);
  };
  const focus = () => {
    const keys = document.querySelector(".xterm-helper-textarea");
    if (keys) keys.focus();
  };
  document.addEventListener("DOMContentLoaded", () => {
    const body = document.body;
    const watch = new MutationObserver(() => {
      if (body.classList.contains("-first-byte")) {
        watch.disconnect();
        focus();
      }
    });
    watch.observe(body, { attributes: true, attributeFilter: ["class"] });
    const restart = document.getElementById("restart");
    if (restart) restart.addEventListener("click", () => window.location.reload());
  });
})();
