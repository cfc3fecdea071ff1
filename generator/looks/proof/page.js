// One page design for the proof page and the studio: a piece is a figure holding its face and its
// back, each an image with an overlay (trim, bleed, safe zone, findings numbered on the element's
// box) and the findings' messages listed under it. Sizes come from the page model in points.
"use strict";
const PnpPage = (() => {
  const MM = 72 / 25.4;
  const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;",
                                                                 '"': "&quot;", "'": "&#39;"})[c]);

  function zone(shape, x, y, w, h, cls) {
    if (shape === "round") {
      return `<ellipse class="${cls}" cx="${x + w / 2}" cy="${y + h / 2}" rx="${w / 2}" ry="${h / 2}"/>`;
    }
    return `<rect class="${cls}" x="${x}" y="${y}" width="${w}" height="${h}"/>`;
  }

  // The overlay of one face, in points with the bleed's outer corner at 0, 0.
  function overlay(face, first) {
    const [w, h] = face.size, b = face.bleed, s = face.safe, W = w + 2 * b, H = h + 2 * b;
    const trimPath = face.shape === "round"
      ? `M${b},${b + h / 2}a${w / 2},${h / 2} 0 1,0 ${w},0a${w / 2},${h / 2} 0 1,0 ${-w},0Z`
      : `M${b},${b}h${w}v${h}h${-w}Z`;
    let marks = "";
    face.findings.forEach((f, i) => {
      if (!f.box) return;
      const [x, y, bw, bh] = f.box;
      marks += `<g class="finding" data-n="${first + i}"><rect x="${b + x}" y="${b + y}" width="${bw}" height="${bh}"/>`
             + `<circle cx="${b + x}" cy="${b + y}" r="8"/><text x="${b + x}" y="${b + y}">${first + i}</text></g>`;
    });
    return `<svg class="overlay" viewBox="0 0 ${W} ${H}" aria-hidden="true">`
         + `<path class="bleed-zone" d="M0,0H${W}V${H}H0Z ${trimPath}"/>`
         + zone(face.shape, b, b, w, h, "trim") + zone(face.shape, b + s, b + s, w - 2 * s, h - 2 * s, "safe")
         + marks + `</svg>`;
  }

  function side(face, src, first, label) {
    const [w, h] = face.size, b = face.bleed;
    const wmm = ((w + 2 * b) / MM).toFixed(2), hmm = ((h + 2 * b) / MM).toFixed(2);
    return `<div class="face side-${face.side}" style="--w:${wmm};--h:${hmm}">`
         + `<img src="${esc(src)}" alt="${esc(label)}" data-key="${face.key}" data-side="${face.side}">`
         + overlay(face, first) + `</div>`;
  }

  // A piece's figure: face, back, a short caption and the numbered findings of both sides.
  function figure(piece, srcOf) {
    const faces = [piece.face].concat(piece.back ? [piece.back] : []);
    let html = "", items = "", n = 1;
    for (const face of faces) {
      html += side(face, srcOf(face), n, face === piece.face ? piece.label : `${piece.label} (back)`);
      for (const f of face.findings) {
        items += `<li data-n="${n}"><b>${n}</b> ${face.side === "back" ? "back, " : ""}${esc(f.element)}: ${esc(f.problem)}</li>`;
        n += 1;
      }
    }
    return `<div class="sides">${html}</div>`
         + `<figcaption title="${esc(piece.label)}"><span class="label">${esc(piece.label)}</span>`
         + ` <span class="count">&times;${piece.count}</span></figcaption>`
         + (items ? `<ol class="findings">${items}</ol>` : "");
  }

  function editorLinks(path, line) {
    const where = line ? `${path}:${line}` : path;
    return `<a href="vscode://file/${encodeURI(where)}">open in editor</a> <span class="path">${esc(where)}</span>`;
  }

  function inspector(piece, component) {
    let rows = Object.entries(piece.fields).map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join("");
    const chain = (face) => face.chain.map((t) =>
      `<li><code>${esc(t.id)}</code> (${esc(t.layer)}) ${editorLinks(t.path, t.line)}</li>`).join("");
    return `<h2>${esc(piece.label)} <small>&times;${piece.count}</small></h2>`
         + `<p>${esc(component.name)}, piece ${piece.index + 1}</p>`
         + `<p>Written at ${editorLinks(piece.source.path, piece.source.line)}</p>`
         + `<table>${rows}</table>`
         + `<h2>Face template</h2><ol class="chain">${chain(piece.face)}</ol>`
         + (piece.back ? `<h2>Back template</h2><ol class="chain">${chain(piece.back)}</ol>` : "");
  }

  // Checkboxes with data-overlay="trim" etc. switch a class on the body; a range input scales faces.
  function bindTools(root) {
    root.querySelectorAll("input[data-overlay]").forEach((box) => {
      const apply = () => document.body.classList.toggle(`show-${box.dataset.overlay}`, box.checked);
      box.addEventListener("change", apply);
      apply();
    });
    // pointing at a finding's message lights its box on the piece, and the other way round
    const light = (event, on) => {
      const item = event.target.closest && event.target.closest("[data-n]");
      const figure = item && item.closest("figure.piece");
      if (!figure) return;
      figure.querySelectorAll(`[data-n="${item.dataset.n}"]`).forEach((n) => n.classList.toggle("lit", on));
    };
    root.addEventListener("mouseover", (event) => light(event, true));
    root.addEventListener("mouseout", (event) => light(event, false));
    const size = root.querySelector("#size"), label = root.querySelector("#size-label");
    if (size) {
      const apply = () => {
        document.documentElement.style.setProperty("--scale", size.value);
        if (label) label.textContent = `${Math.round(size.value * 100)}%`;
        document.dispatchEvent(new CustomEvent("pnp-scale"));
      };
      size.addEventListener("input", apply);
      apply();
      const actual = root.querySelector("#actual");
      if (actual) actual.addEventListener("click", () => { size.value = screenFactor(); apply(); });
      bindCalibration(root);
    }
  }

  // 1:1 on the screen. A browser reports devicePixelRatio (device pixels per CSS pixel), never the
  // screen's physical size, and a CSS millimetre is 96/25.4 CSS pixels whatever the screen: so the
  // true size needs one measurement by the user, a bank card (85.60 mm wide) held to a bar on the
  // screen. The factor (real millimetres per CSS millimetre, inverted) is kept in this browser.
  const CARD_MM = [85.6, 53.98], KEY = "pnp-screen-factor";
  function screenFactor() {
    const kept = parseFloat(localStorage.getItem(KEY));
    return kept > 0.2 && kept < 5 ? kept : 1;
  }

  function bindCalibration(root) {
    const slider = root.querySelector("#calibrate"), bar = root.querySelector("#ruler"), note = root.querySelector("#calibrated");
    if (!slider || !bar) return;
    const show = () => {
      const factor = screenFactor();
      bar.style.width = `${CARD_MM[0] * factor}mm`;
      bar.style.height = `${CARD_MM[1] * factor}mm`;
      if (note) note.textContent = (localStorage.getItem(KEY) ? `calibrated: 1 mm is ${factor.toFixed(3)} CSS mm`
                                                              : "not calibrated: 1:1 assumes 96 CSS px an inch")
                                 + `; this screen has ${window.devicePixelRatio || 1} device px per CSS px`;
    };
    slider.value = screenFactor();
    slider.addEventListener("input", () => { localStorage.setItem(KEY, slider.value); show(); });
    show();
  }

  // The pixels per inch a face is shown at: its size on the page times the screen's device pixels.
  function shownDpi() {
    const scale = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--scale")) || 0.5;
    return scale * 96 * (window.devicePixelRatio || 1);
  }

  function badge(report, findings) {
    const count = `${findings} print-safety finding${findings === 1 ? "" : "s"}`;
    if (!report) return ["failed", "not loaded"];
    if (!report.ok) return ["failed", `${report.violations.length} composition violation${report.violations.length === 1 ? "" : "s"}, ${count}`];
    return [findings ? "warn" : "ok", findings ? `valid, ${count}` : "valid, no print-safety findings"];
  }

  return {esc, figure, inspector, bindTools, badge, editorLinks, shownDpi, screenFactor};
})();
