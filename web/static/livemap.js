// The map as a living page element. The SVG is inline in the page; this zooms it (wheel, pinch, the + and -
// buttons, the + - 0 keys) and pans it (drag, arrow keys) by changing its viewBox, tells what a tap touched
// (a "map:tap" event on the figure, with the province and the unit), names the province tapped, and draws
// highlights for the order picker (static/picker.js) in a layer of their own. No library: about 250 lines.
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var CLOSEST = 1 / 7;  // zoom in until an seventh of the map's width fills the view, no further
  var NARROW = 700;     // a view narrower than this (a phone) opens on the player's corner of the board

  function LiveMap(figure) {
    var self = this;
    this.figure = figure;
    this.svg = figure.querySelector("svg");
    this.info = document.getElementById("map-info");
    var base = this.svg.viewBox.baseVal;
    this.full = { x: base.x, y: base.y, w: base.width, h: base.height };
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.svg.setAttribute("role", "group");  // a picture with buttons in it (an "img" may hold none)
    this.marks = document.createElementNS(SVGNS, "g");
    this.marks.setAttribute("class", "marks");
    this.marks.setAttribute("pointer-events", "none");
    var provinces = this.svg.querySelector("g.provinces");
    provinces.parentNode.insertBefore(this.marks, provinces.nextSibling);
    this.focusables = [];
    this.opening();
    var key = document.getElementById("map-legend");  // the key folds on a phone, where it would push the orders down
    if (key && this.svg.getBoundingClientRect().width < NARROW) { key.open = false; }
    window.addEventListener("resize", function () { self.show(self.view.cx, self.view.cy, self.view.w); });
    this.listen();
  }

  LiveMap.prototype.aspect = function () {
    var box = this.svg.getBoundingClientRect();
    return box.width > 0 && box.height > 0 ? box.width / box.height : this.full.w / this.full.h;
  };

  LiveMap.prototype.fitWidth = function () {
    return Math.max(this.full.w, this.full.h * this.aspect());
  };

  function centred(c, size, start, length) {
    if (size >= length) { return start + length / 2; }
    return Math.min(Math.max(c, start + size / 2), start + length - size / 2);
  }

  LiveMap.prototype.show = function (cx, cy, w) {
    var fit = this.fitWidth(), aspect = this.aspect();
    w = Math.min(Math.max(w, this.full.w * CLOSEST), fit);
    var h = w / aspect;
    cx = centred(cx, w, this.full.x, this.full.w);
    cy = centred(cy, h, this.full.y, this.full.h);
    this.view = { cx: cx, cy: cy, w: w };
    this.svg.setAttribute("viewBox", [cx - w / 2, cy - h / 2, w, h].map(function (n) { return n.toFixed(1); }).join(" "));
    this.figure.classList.toggle("zoomed", w < fit * 0.98);
  };

  LiveMap.prototype.fit = function () {
    this.show(this.full.x + this.full.w / 2, this.full.y + this.full.h / 2, this.fitWidth());
  };

  LiveMap.prototype.opening = function () {
    var focus = (this.figure.dataset.focus || "").split(" ").map(Number);
    if (focus.length === 4 && this.svg.getBoundingClientRect().width < NARROW) {
      this.show(focus[0] + focus[2] / 2, focus[1] + focus[3] / 2, Math.max(focus[2], focus[3] * this.aspect()));
    } else {
      this.fit();
    }
  };

  LiveMap.prototype.toMap = function (clientX, clientY) {
    var point = this.svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    return point.matrixTransform(this.svg.getScreenCTM().inverse());
  };

  LiveMap.prototype.zoomAt = function (clientX, clientY, factor) {
    var p = this.toMap(clientX, clientY), v = this.view;
    this.show(p.x + (v.cx - p.x) / factor, p.y + (v.cy - p.y) / factor, v.w / factor);
  };

  LiveMap.prototype.zoomCentre = function (factor) {
    var box = this.svg.getBoundingClientRect();
    this.zoomAt(box.left + box.width / 2, box.top + box.height / 2, factor);
  };

  LiveMap.prototype.pan = function (dx, dy) {  // in shares of the view
    var v = this.view;
    this.show(v.cx + dx * v.w, v.cy + dy * v.w / this.aspect(), v.w);
  };

  // --- what a tap touched -----------------------------------------------------------------

  LiveMap.prototype.tap = function (element) {
    var unit = element.closest ? element.closest("g.unit[data-location]") : null;
    var region = element.closest ? element.closest("[data-province]") : null;
    var province = unit ? unit.getAttribute("data-location").split("/")[0] : region ? region.getAttribute("data-province") : null;
    if (!province) { return; }
    var detail = { province: province, unit: unit ? unit.getAttribute("data-location") : null, handled: false };
    this.figure.dispatchEvent(new CustomEvent("map:tap", { detail: detail }));
    if (!detail.handled) { this.say(this.describe(province)); }
  };

  LiveMap.prototype.say = function (words) {
    if (this.info) { this.info.textContent = words; }
  };

  LiveMap.prototype.region = function (province) {
    return this.svg.querySelector('path.province[data-province="' + province + '"]');
  };

  LiveMap.prototype.name = function (province) {
    var region = this.region(province);
    return region ? region.getAttribute("data-name") : province;
  };

  LiveMap.prototype.unitAt = function (province) {
    var units = this.svg.querySelectorAll("g.units g.unit[data-location]");
    for (var i = 0; i < units.length; i++) {
      var where = units[i].getAttribute("data-location").split("/")[0];
      if (where === province && !units[i].classList.contains("dislodged")) { return units[i]; }
    }
    return null;
  };

  LiveMap.prototype.describe = function (province) {
    var region = this.region(province);
    if (!region) { return province; }
    var words = [region.getAttribute("data-name") + " (" + province + ")"];
    var centre = region.getAttribute("data-centre");
    if (centre) { words.push(centre === "neutral" || centre === "unowned" ? centre + " supply centre" : "supply centre of " + centre); }
    var unit = this.unitAt(province);
    if (unit) {
      var kind = unit.getAttribute("data-unit") === "F" ? "fleet" : "army";
      var article = kind === "army" ? "an " : "a ";
      words.push(unit.getAttribute("data-power") === "neutral" ? "a neutral " + kind : article + kind + " of " + unit.getAttribute("data-power"));
    }
    return words.join(" · ");
  };

  // --- highlights for the picker -----------------------------------------------------------

  LiveMap.prototype.mark = function (provinces, kind) {
    var self = this;
    var keyboard = kind === "target" && document.activeElement && document.activeElement.matches &&
      document.activeElement.matches("g.unit");
    provinces.forEach(function (province) {
      var region = self.region(province);
      if (!region) { return; }
      var copy = document.createElementNS(SVGNS, "path");
      copy.setAttribute("d", region.getAttribute("d"));
      copy.setAttribute("class", "mark " + kind);
      copy.setAttribute("data-for", province);
      self.marks.appendChild(copy);
      if (kind === "target") { self.focusable(region, self.name(province)); }
    });
    // A unit chosen with the keyboard: its targets come next (they lie before the units in the picture's order,
    // so Tab alone would never reach them after the unit).
    if (keyboard && this.focusables.length) { this.focusables[0].focus(); }
  };

  LiveMap.prototype.focusable = function (element, label) {
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    element.setAttribute("aria-label", label);
    this.focusables.push(element);
  };

  LiveMap.prototype.clearMarks = function () {
    this.marks.textContent = "";
    this.focusables.forEach(function (element) {
      element.removeAttribute("tabindex");
      element.removeAttribute("role");
      element.removeAttribute("aria-label");
    });
    this.focusables = [];
    this.svg.querySelectorAll("g.unit.selected").forEach(function (g) { g.classList.remove("selected"); });
  };

  LiveMap.prototype.setOrders = function (layer) {
    var parsed = new DOMParser().parseFromString('<svg xmlns="' + SVGNS + '">' + layer + "</svg>", "image/svg+xml");
    var fresh = parsed.documentElement.firstElementChild;
    var old = this.svg.querySelector("g.orders");
    if (fresh && old && fresh.getAttribute("class") === "orders") { old.replaceWith(document.importNode(fresh, true)); }
  };

  // --- gestures and keys -----------------------------------------------------------------------

  LiveMap.prototype.listen = function () {
    var self = this, svg = this.svg, pointers = {}, gesture = null;

    function count() { return Object.keys(pointers).length; }
    function spread() {
      var p = Object.keys(pointers).map(function (k) { return pointers[k]; });
      return { d: Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y), x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2 };
    }

    svg.addEventListener("pointerdown", function (e) {
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      if (count() === 1) {
        gesture = { x: e.clientX, y: e.clientY, target: e.target, moved: false, view: self.view, mouse: e.pointerType === "mouse" };
      } else if (count() === 2 && gesture) {
        var s = spread();
        gesture.moved = true;
        gesture.pinch = { d: s.d, view: self.view, at: self.toMap(s.x, s.y) };
      }
    });
    svg.addEventListener("pointermove", function (e) {
      if (!pointers[e.pointerId] || !gesture) { return; }
      pointers[e.pointerId] = { x: e.clientX, y: e.clientY };
      if (gesture.pinch && count() === 2) {
        var s = spread(), factor = s.d / gesture.pinch.d, v = gesture.pinch.view, at = gesture.pinch.at;
        self.show(at.x + (v.cx - at.x) / factor, at.y + (v.cy - at.y) / factor, v.w / factor);
        return;
      }
      var dx = e.clientX - gesture.x, dy = e.clientY - gesture.y;
      if (!gesture.moved && Math.hypot(dx, dy) < 6) { return; }
      gesture.moved = true;
      var scale = gesture.view.w / svg.getBoundingClientRect().width;
      self.show(gesture.view.cx - dx * scale, gesture.view.cy - dy * scale, gesture.view.w);
      if (gesture.mouse) { svg.setPointerCapture(e.pointerId); }
    });
    function up(e) {
      delete pointers[e.pointerId];
      if (count() === 0) {
        if (gesture && !gesture.moved && e.type === "pointerup") { self.tap(gesture.target); }
        gesture = null;
      }
    }
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    svg.addEventListener("wheel", function (e) {
      var factor = e.deltaY < 0 ? 1.25 : 0.8;
      if (factor < 1 && !self.figure.classList.contains("zoomed")) { return; }  // let the page scroll
      e.preventDefault();
      self.zoomAt(e.clientX, e.clientY, factor);
    }, { passive: false });

    this.figure.querySelectorAll("[data-zoom]").forEach(function (button) {
      button.addEventListener("click", function () {
        var how = button.getAttribute("data-zoom");
        if (how === "fit") { self.fit(); } else { self.zoomCentre(how === "in" ? 1.5 : 1 / 1.5); }
      });
    });
    this.figure.addEventListener("keydown", function (e) {
      var keys = { "+": 1.5, "=": 1.5, "-": 1 / 1.5 };
      var moves = { ArrowLeft: [-0.15, 0], ArrowRight: [0.15, 0], ArrowUp: [0, -0.15], ArrowDown: [0, 0.15] };
      if ((e.key === "Enter" || e.key === " ") && e.target !== self.figure && svg.contains(e.target)) {
        self.tap(e.target);
      } else if (keys[e.key]) {
        self.zoomCentre(keys[e.key]);
      } else if (e.key === "0") {
        self.fit();
      } else if (moves[e.key]) {
        self.pan(moves[e.key][0], moves[e.key][1]);
      } else {
        return;
      }
      e.preventDefault();
    });
  };

  window.SengokuMap = LiveMap;
  document.querySelectorAll("figure.map.live").forEach(function (figure) { figure.liveMap = new LiveMap(figure); });
})();

// The last phases' results / "Now": which the map shows (each phase's results are a layer of their own,
// g.results[data-phase]). Choosing a unit to order (a tap on the map in a results view) shows the position now.
(function () {
  "use strict";
  var toggle = document.getElementById("view-toggle");
  var figure = document.getElementById("map");
  if (!toggle || !figure) { return; }
  var views = Array.prototype.map.call(toggle.querySelectorAll("button[data-view]"), function (b) { return b.dataset.view; });
  var latest = views.length > 1 ? views[views.length - 2] : "now";
  function show(view) {
    figure.dataset.view = view;
    figure.querySelectorAll("g.results").forEach(function (g) {
      g.setAttribute("display", "results-" + g.getAttribute("data-phase") === view ? "inline" : "none");
    });
    toggle.querySelectorAll("button[data-view]").forEach(function (b) {
      b.setAttribute("aria-pressed", b.dataset.view === view ? "true" : "false");
    });
  }
  toggle.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button[data-view]") : null;
    if (button) { show(button.dataset.view); }
  });
  figure.addEventListener("click", function (event) {
    if (figure.dataset.view !== "now" && event.target.closest && event.target.closest("g.unit")) { show("now"); }
  }, true);
  document.addEventListener("keydown", function (event) {
    if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) { return; }
    if (event.key === "r" || event.key === "R") { show(figure.dataset.view === "now" ? latest : "now"); }
  });
  show(figure.dataset.view || "now");
})();
