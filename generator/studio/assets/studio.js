// The live page: draws the page model from /api/state with the shared page design, then follows
// /events; after each rebuild only the pieces whose faces changed get a new image (faces are named
// by their content hash, so an unchanged face is never fetched again).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const srcOf = (face) => `/faces/${face.key}.png`;
  // timeline: [when an event arrived, when its page model was drawn] (read by bench/bench_studio.py)
  const studio = window.studio = {version: -1, state: null, chosen: null, updates: 0, timeline: []};

  const pieceId = (component, piece) => `piece-${component.id}-${piece.index}`;
  // what the figure's markup depends on, apart from which image each side shows
  const signature = (piece) => JSON.stringify([piece.label, piece.count, [piece.face, piece.back].map((f) => f &&
                                               [f.size, f.bleed, f.safe, f.shape, f.findings, f.template])]);

  function renderComponent(component) {
    const section = document.createElement("section");
    section.className = "component";
    section.id = `deck-${component.id}`;
    section.innerHTML = `<h2></h2><div class="deck"></div>`;
    updateComponent(section, component);
    return section;
  }

  function updateComponent(section, component) {
    section.querySelector("h2").innerHTML = `${PnpPage.esc(component.name)} <small>${component.total} pieces, `
                                          + `${component.distinct} distinct</small>`;
    const deck = section.querySelector(".deck");
    const wanted = component.pieces.map((p) => pieceId(component, p));
    for (const node of Array.from(deck.children)) {
      if (!wanted.includes(node.id)) node.remove();
    }
    component.pieces.forEach((piece, i) => {
      let node = document.getElementById(pieceId(component, piece));
      if (!node) {
        node = document.createElement("figure");
        node.className = "piece";
        node.id = pieceId(component, piece);
        node.addEventListener("click", () => choose(node.id));
      }
      if (deck.children[i] !== node) deck.insertBefore(node, deck.children[i] || null);
      const sig = signature(piece);
      if (node.dataset.sig !== sig) {  // only a changed piece is drawn again (and its new image fetched)
        node.innerHTML = PnpPage.figure(piece, srcOf);
        node.dataset.sig = sig;
        return;
      }
      for (const face of [piece.face, piece.back]) {  // the same piece with a new picture: swap the image only
        const img = face && node.querySelector(`img[data-side="${face.side}"]`);
        if (img && img.dataset.key !== face.key) {
          img.src = srcOf(face);
          img.dataset.key = face.key;
        }
      }
    });
  }

  function render(state) {
    studio.state = state;
    document.title = `Studio: ${state.title}`;
    $("title").innerHTML = `${PnpPage.esc(state.title)} <small>${PnpPage.esc(state.edition_title || "")}`
                         + (state.edition ? ` (${PnpPage.esc(state.edition)})` : "") + `</small>`;
    const [kind, text] = PnpPage.badge(state.report, state.findings || 0);
    $("badge").className = `badge ${kind}`;
    $("badge").textContent = text;
    const decks = $("decks");
    const ids = state.components.map((c) => `deck-${c.id}`).concat(["rulebook"]);
    for (const node of Array.from(decks.children)) {
      if (!ids.includes(node.id)) node.remove();
    }
    state.components.forEach((component, i) => {
      let section = document.getElementById(`deck-${component.id}`);
      if (section) updateComponent(section, component);
      else section = renderComponent(component);
      if (decks.children[i] !== section) decks.insertBefore(section, decks.children[i] || null);
    });
    rulebook(state.rulebook);
    const bookError = state.rulebook && state.rulebook.error;
    banner(state.error || (bookError && Object.assign({}, bookError, {stale: false})));
    composition(state.report);
    status(state);
    if (studio.chosen) choose(studio.chosen);
  }

  // The rulebook's pages, each named by the hash of its pixels: an unchanged page keeps its image.
  function rulebook(book) {
    let section = $("rulebook");
    if (!book || !book.pages) {
      if (section) section.remove();
      return;
    }
    if (!section) {
      section = document.createElement("section");
      section.className = "component";
      section.id = "rulebook";
      section.innerHTML = `<h2></h2><div class="deck pages"></div>`;
    }
    $("decks").appendChild(section);
    section.querySelector("h2").innerHTML = `Rulebook <small>${book.pages.length} pages, `
      + `${PnpPage.esc(book.profile || "")}${book.took_ms !== undefined ? `, laid out in ${book.took_ms} ms` : ""}</small>`;
    const pages = section.querySelector(".pages");
    book.pages.forEach((page, i) => {
      let img = pages.children[i];
      if (!img) {
        img = document.createElement("img");
        img.className = "page";
        pages.appendChild(img);
      }
      if (img.dataset.key !== page.key) {
        img.src = `/faces/${page.key}.png`;
        img.dataset.key = page.key;
        img.alt = `page ${page.number}`;
        img.style.setProperty("--w", (page.width * 25.4 / 60).toFixed(1));
      }
    });
    while (pages.children.length > book.pages.length) pages.lastChild.remove();
  }

  function banner(error) {
    const node = $("banner");
    document.body.classList.toggle("stale", Boolean(error && error.stale !== false));
    if (!error) {
      node.hidden = true;
      node.textContent = "";
      return;
    }
    node.hidden = false;
    node.innerHTML = `<div class="message">${PnpPage.esc(error.message)}</div>`
                   + (error.file ? `<div>${PnpPage.editorLinks(error.file, error.line)}`
                                 + (error.key ? ` <span class="key">key <code>${PnpPage.esc(error.key)}</code></span>` : "")
                                 + `</div>` : "")
                   + (error.stale !== false ? `<div>The faces below are the last good ones.</div>` : "");
  }

  function composition(report) {
    const node = $("composition");
    if (!report) {
      node.innerHTML = "<h2>Composition</h2><p>Not checked: the files do not load.</p>";
      return;
    }
    const items = report.violations.map((v) => `<li class="violation">${PnpPage.esc(v)}</li>`).join("")
                + report.warnings.map((w) => `<li class="warning">${PnpPage.esc(w)}</li>`).join("");
    const rows = report.components.map((c) => `<tr><td>${PnpPage.esc(c.name)}</td><td>${c.total}</td>`
                                            + `<td>${c.distinct} distinct</td></tr>`).join("");
    node.innerHTML = `<h2>Composition <span class="badge ${report.ok ? "ok" : "failed"}">`
                   + `${report.ok ? "as declared" : "violations"}</span></h2>`
                   + (items ? `<ul>${items}</ul>` : "<p>The deck holds what the edition declares.</p>")
                   + `<table>${rows}</table><pre class="report">${PnpPage.esc(report.text)}</pre>`;
  }

  function status(state) {
    const when = state.built_at ? new Date(state.built_at * 1000).toLocaleTimeString() : "never";
    $("status").textContent = `last rebuild ${when}, ${state.took_ms} ms${state.error ? " (with a mistake)" : ""}`;
  }

  function choose(id) {
    const state = studio.state;
    for (const component of state.components) {
      for (const piece of component.pieces) {
        if (pieceId(component, piece) === id) {
          studio.chosen = id;
          document.querySelectorAll("figure.piece.chosen").forEach((n) => n.classList.remove("chosen"));
          const node = document.getElementById(id);
          if (node) node.classList.add("chosen");
          $("inspector").innerHTML = PnpPage.inspector(piece, component);
          return;
        }
      }
    }
    studio.chosen = null;
  }

  async function refresh() {
    const heard = Date.now();
    // the resolution the faces are shown at: a new one makes the server paint them all at it and announce it
    const response = await fetch(`/api/state?dpi=${PnpPage.shownDpi().toFixed(1)}`, {cache: "no-store"});
    const state = await response.json();
    if (state.version <= studio.version) return;
    studio.version = state.version;
    studio.updates += 1;
    render(state);
    studio.timeline.push([heard, Date.now()]);
  }

  let resized = null;   // a size or screen change asks for faces at the new resolution once it settles
  const resize = () => { clearTimeout(resized); resized = setTimeout(() => refresh().catch(() => {}), 150); };
  document.addEventListener("pnp-scale", resize);
  const watchRatio = () => matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`)
    .addEventListener("change", () => { resize(); watchRatio(); }, {once: true});
  watchRatio();
  PnpPage.bindTools(document);
  const events = new EventSource("/events");
  events.addEventListener("rebuilt", () => refresh().catch((e) => console.warn("refresh failed", e)));
  events.onerror = () => { $("status").textContent = "disconnected: is `pnpkit studio` still running?"; };
  refresh();
})();
