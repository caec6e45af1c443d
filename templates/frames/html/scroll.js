// A box that scrolls sideways (a formula or a line of maths wider than the column) takes the keyboard
// focus, so that it can be scrolled without a mouse (WCAG 2.1.1, axe's scrollable-region-focusable), and
// is named for a screen reader. Only boxes that overflow now: at a wider window the tab stop goes again.
(function () {
  "use strict";
  var BOXES = ".math.display, p, ul, table, .table-wrap";  // the boxes the style sheets let scroll

  function mark(root) {
    (root || document).querySelectorAll(BOXES).forEach(function (el) {
      var wide = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible";
      if (wide && !el.hasAttribute("tabindex")) {
        el.setAttribute("tabindex", "0");
        el.dataset.scrolls = "1";
        if (el.tagName === "DIV" || el.tagName === "P") el.setAttribute("role", "region");
        el.setAttribute("aria-label", el.classList.contains("display") ? "formula, scrolls sideways"
                                                                         : "scrolls sideways");
      } else if (!wide && el.dataset.scrolls) {
        ["tabindex", "role", "aria-label", "data-scrolls"].forEach(function (a) { el.removeAttribute(a); });
      }
    });
  }

  window.tutorMarkScrollers = mark;
  var timer = null;
  window.addEventListener("resize", function () { clearTimeout(timer); timer = setTimeout(mark, 150); });
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(function () { mark(); });
})();
