// gorod console: the deadline countdown and a confirmation for the grave buttons.
// The page works without it; nothing here reads or writes game data.
(function () {
  "use strict";
  function left(ms) {
    if (ms <= 0) return "срок вышел";
    var s = Math.floor(ms / 1000), d = Math.floor(s / 86400), h = Math.floor(s % 86400 / 3600),
        m = Math.floor(s % 3600 / 60), sec = s % 60;
    return "осталось " + (d ? d + " д " : "") + h + " ч " + (m < 10 ? "0" : "") + m + " мин " +
      (sec < 10 ? "0" : "") + sec + " с";
  }
  function tick() {
    document.querySelectorAll("time[data-deadline]").forEach(function (el) {
      var end = Date.parse(el.getAttribute("data-deadline"));
      if (!isNaN(end)) {
        el.textContent = "(" + left(end - Date.now()) + ")";
        el.classList.toggle("soon", end - Date.now() < 30 * 60 * 1000);
      }
    });
  }
  // sections and the action's result are scrolled to below the sticky header, whatever its height
  function headerHeight() {
    var header = document.querySelector("header");
    if (header) document.documentElement.style.setProperty("--header-h", header.offsetHeight + "px");
  }
  window.addEventListener("resize", headerHeight);
  document.addEventListener("DOMContentLoaded", function () {
    headerHeight();
    if (location.hash === "#result") {
      var result = document.getElementById("result");
      if (result) { result.scrollIntoView({block: "start"}); result.focus({preventScroll: true}); }
    }
    tick();
    setInterval(tick, 1000);
    document.querySelectorAll("button[data-confirm]").forEach(function (b) {
      b.addEventListener("click", function (e) {
        if (!window.confirm(b.getAttribute("data-confirm"))) e.preventDefault();
      });
    });
  });
})();
