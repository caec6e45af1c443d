// The practice page, better with JavaScript: maths set by KaTeX, a live preview of how each answer
// is read, and the buttons answered without a reload. Without it, every form still works.
(function () {
  "use strict";

  function typeset(root) {
    if (!window.katex) return;
    root.querySelectorAll(".math").forEach(function (el) {
      var display = el.classList.contains("display");
      var tex = el.textContent.replace(/^\s*\\[\[(]/, "").replace(/\\[\])]\s*$/, "");
      katex.render(tex, el, {displayMode: display, throwOnError: false, strict: "ignore",
                             macros: {"\\arraystretch": "1.3"}});
    });
    if (window.tutorMarkScrollers) window.tutorMarkScrollers(root);  // scroll.js: wide maths take focus
  }

  function preview(form, input) {
    var out = document.getElementById("preview-" + input.dataset.key);
    if (!out) return;
    if (!input.value.trim()) { out.textContent = ""; return; }
    var sent = input.value;
    var body = new URLSearchParams({csrf: form.elements.csrf.value, topic: form.dataset.topic,
                                    difficulty: form.dataset.difficulty, seed: form.dataset.seed,
                                    key: input.dataset.key, text: sent});
    fetch("/preview", {method: "POST", body: body, headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (data) {
        if (input.value !== sent) return;  // a later keystroke's preview is on its way
        out.textContent = "";
        if (data.tex) {
          out.append("Read as ");
          var span = document.createElement("span");
          span.className = "math inline";
          span.textContent = "\\(" + data.tex + "\\)";
          out.append(span);
          typeset(out);
        } else if (data.error) {
          var err = document.createElement("span");
          err.className = "error";
          err.textContent = "Cannot read it yet: " + data.error;
          out.append(err);
        }
      })
      .catch(function () { out.textContent = ""; });
  }

  function bind(main) {
    var form = main.querySelector("form.practice");
    if (!form) return;
    form.querySelectorAll("input[data-key]").forEach(function (input) {
      var timer = null;
      input.addEventListener("input", function () {
        clearTimeout(timer);
        timer = setTimeout(function () { preview(form, input); }, 300);
      });
    });
    form.addEventListener("submit", function (event) {
      if (form.dataset.plain) return;  // the network failed once: an ordinary form post instead
      var button = event.submitter;
      event.preventDefault();
      var body = new URLSearchParams(new FormData(form));
      body.set("action", button && button.value ? button.value : "check");
      fetch(form.getAttribute("action"), {method: "POST", body: body, headers: {"X-Tutor-Fragment": "1"}})
        .then(function (r) { return r.text().then(function (html) { return {ok: r.ok, html: html}; }); })
        .then(function (res) {
          if (!res.ok) { refused(form, res.html); return; }  // keep what the student typed
          main.innerHTML = res.html;
          typeset(main);
          bind(main);
          // Move the focus where the news is: the marks after a check, the steps after a hint.
          var target = main.querySelector(body.get("action") === "check" ? "#score" : "#hints-heading");
          if (target) { target.focus(); }
        })
        .catch(function () {
          form.dataset.plain = "1";
          if (button) { form.requestSubmit(button); } else { form.requestSubmit(); }
        });
    });
  }

  // The server's one-line reason (its page's heading), shown above the form, which stays as it was.
  function refused(form, html) {
    var heading = new DOMParser().parseFromString(html, "text/html").querySelector("h1");
    var note = form.parentNode.querySelector(".form-error");
    if (!note) {
      note = document.createElement("p");
      note.className = "form-error";
      note.setAttribute("role", "alert");
      form.parentNode.insertBefore(note, form);
    }
    note.textContent = heading ? heading.textContent : "The server could not answer; try again.";
  }

  document.addEventListener("DOMContentLoaded", function () {
    var main = document.getElementById("main");
    typeset(document.body);
    if (main) bind(main);
  });
})();
