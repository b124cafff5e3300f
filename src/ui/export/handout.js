// Steps through the handout one frame at a time with the app's own keys.
// The step on show is named in the address (#3.4), in the position line
// and in <body data-current>, so a link, a reload or a test lands on it.
(function () {
  "use strict";
  var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
  var controls = document.querySelector(".controls");
  var where = document.getElementById("where");
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  if (!steps.length || !controls) {
    return;
  }
  var current = -1;

  function find(hash) {
    var id = decodeURIComponent(hash.replace(/^#/, ""));
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].id === id) {
        return i;
      }
    }
    return -1;
  }

  function show(i) {
    i = Math.max(0, Math.min(steps.length - 1, i));
    current = i;
    for (var j = 0; j < steps.length; j++) {
      steps[j].hidden = j !== i;
    }
    var id = steps[i].id;
    document.body.setAttribute("data-current", id);
    where.textContent = id + " \u00b7 step " + (i + 1) + " of " + steps.length;
    prev.disabled = i === 0;
    next.disabled = i === steps.length - 1;
    if (location.hash !== "#" + id) {
      try {
        history.replaceState(null, "", "#" + id);
      } catch (e) {
        location.replace("#" + id);
      }
    }
  }

  // The first step of the scene after (or, going back, of this scene, or
  // of the one before when already at its start), as the app's PgDn/PgUp.
  function sceneStart(forward) {
    var scene = steps[current].getAttribute("data-scene");
    var i = current;
    if (forward) {
      while (i < steps.length && steps[i].getAttribute("data-scene") === scene) {
        i++;
      }
      return i < steps.length ? i : current;
    }
    if (steps[i].getAttribute("data-step") === "1" && i > 0) {
      i--;
      scene = steps[i].getAttribute("data-scene");
    }
    while (i > 0 && steps[i - 1].getAttribute("data-scene") === scene) {
      i--;
    }
    return i;
  }

  var moves = {
    ArrowRight: function () { return current + 1; },
    " ": function () { return current + 1; },
    Enter: function () { return current + 1; },
    ArrowLeft: function () { return current - 1; },
    Backspace: function () { return current - 1; },
    PageDown: function () { return sceneStart(true); },
    "]": function () { return sceneStart(true); },
    PageUp: function () { return sceneStart(false); },
    "[": function () { return sceneStart(false); },
    Home: function () { return 0; },
    End: function () { return steps.length - 1; }
  };

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var onButton = event.target && event.target.tagName === "BUTTON";
    // Space and Enter on a focused button press that button instead.
    if (onButton && (event.key === " " || event.key === "Enter")) {
      return;
    }
    var move = moves[event.key];
    var target = move ? move() : -1;
    // 1 to 9 jump to that scene's first step, as in the app.
    if (/^[1-9]$/.test(event.key)) {
      target = find("#" + event.key + ".1");
    }
    if (target < 0 && !move) {
      return;
    }
    event.preventDefault();
    if (target >= 0) {
      show(target);
    }
  });
  prev.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  window.addEventListener("hashchange", function () {
    var i = find(location.hash);
    if (i >= 0 && i !== current) {
      show(i);
    }
  });
  controls.hidden = false;
  show(Math.max(0, find(location.hash)));
})();
