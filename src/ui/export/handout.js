// Steps through the handout one step at a time with the app's own keys.
// The step on show is named in the address (#3.4), in the position line
// and in <body data-current>, so a link, a reload or a test lands on it.
// On a predict step the answer waits, as in the app: the first key
// forward shows it, the next moves on; <body data-revealed> says which.
// Printing shows every step and every answer (the style sheet's print
// rules), whatever is on screen.
(function () {
  "use strict";
  var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
  var scenes = Array.prototype.slice.call(document.querySelectorAll("section.scene"));
  var controls = document.querySelector(".controls");
  var where = document.getElementById("where");
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  if (!steps.length || !controls) {
    return;
  }
  var current = -1;
  var revealed = false;

  function find(hash) {
    var id = decodeURIComponent(hash.replace(/^#/, ""));
    for (var i = 0; i < steps.length; i++) {
      if (steps[i].id === id) {
        return i;
      }
    }
    return -1;
  }

  function answer(i) {
    return steps[i].querySelector(".answer");
  }

  // Shows step i; `open` says whether a prediction there shows its answer.
  function show(i, open) {
    i = Math.max(0, Math.min(steps.length - 1, i));
    current = i;
    revealed = !!open && !!answer(i);
    for (var j = 0; j < steps.length; j++) {
      steps[j].hidden = j !== i;
      var a = answer(j);
      if (a) {
        a.hidden = !(j === i && revealed);
      }
    }
    for (var s = 0; s < scenes.length; s++) {
      scenes[s].hidden = !scenes[s].contains(steps[i]);
    }
    var id = steps[i].id;
    document.body.setAttribute("data-current", id);
    document.body.setAttribute("data-revealed", revealed ? "yes" : "no");
    where.textContent = id + " \u00b7 step " + (i + 1) + " of " + steps.length;
    prev.disabled = i === 0;
    next.disabled = i === steps.length - 1 && !(answer(i) && !revealed);
    if (location.hash !== "#" + id) {
      try {
        history.replaceState(null, "", "#" + id);
      } catch (e) {
        location.replace("#" + id);
      }
    }
  }

  // Forward: a hidden answer first, then the next step.
  function forward() {
    if (answer(current) && !revealed) {
      show(current, true);
    } else {
      show(current + 1, false);
    }
  }

  // Back: a shown answer is hidden again; coming back to a prediction
  // from the step after it, its answer stands shown.
  function back() {
    if (revealed) {
      show(current, false);
    } else if (current > 0) {
      show(current - 1, true);
    }
  }

  // The first step of the scene after (or, going back, of this scene, or
  // of the one before when already at its start), as the app's PgDn/PgUp.
  function sceneStart(forwards) {
    var scene = steps[current].getAttribute("data-scene");
    var i = current;
    if (forwards) {
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
    ArrowRight: forward,
    " ": forward,
    Enter: forward,
    ArrowLeft: back,
    Backspace: back,
    PageDown: function () { show(sceneStart(true), false); },
    "]": function () { show(sceneStart(true), false); },
    PageUp: function () { show(sceneStart(false), false); },
    "[": function () { show(sceneStart(false), false); },
    Home: function () { show(0, false); },
    End: function () { show(steps.length - 1, false); }
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
    // 1 to 9 jump to that scene's first step, as in the app.
    if (!move && /^[1-9]$/.test(event.key)) {
      var target = find("#" + event.key + ".1");
      if (target >= 0) {
        move = function () { show(target, false); };
      }
    }
    if (!move) {
      return;
    }
    event.preventDefault();
    move();
  });
  prev.addEventListener("click", back);
  next.addEventListener("click", forward);
  window.addEventListener("hashchange", function () {
    var i = find(location.hash);
    if (i >= 0 && i !== current) {
      show(i, false);
    }
  });
  controls.hidden = false;
  show(Math.max(0, find(location.hash)), false);
})();
