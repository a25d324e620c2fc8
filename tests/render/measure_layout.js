// Injected into a copy of a rendered page by the browser tests: measures what a reader would
// see go wrong and writes one line per problem into <pre id="rtcat-layout"> ("ok" when none).
(function () {
  const problems = [];
  const doc = document.scrollingElement || document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1) {
    problems.push("page scrolls horizontally: " + doc.scrollWidth + " > " + window.innerWidth);
  }
  const what = (el) => el.tagName.toLowerCase() + ' "' + (el.textContent || "").trim().slice(0, 40) + '"';
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg") || el.id === "rtcat-layout") continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.overflow !== "visible") continue;
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      problems.push("text overflows its box: " + what(el) + " " + el.scrollWidth + " > " + el.clientWidth);
    }
    const r = el.getBoundingClientRect();
    if (r.right > window.innerWidth + 1 && r.width > 0) {
      problems.push("box leaves the page: " + what(el) + " right " + Math.round(r.right));
    }
  }
  for (const svg of document.querySelectorAll("svg")) {
    const vb = svg.viewBox.baseVal;
    const frame = svg.getBoundingClientRect();
    const k = vb.width / frame.width;
    // A text's box in viewBox units, whatever transforms or scaling apply.
    const box = (t) => {
      const r = t.getBoundingClientRect();
      return { x: (r.left - frame.left) * k + vb.x, y: (r.top - frame.top) * k + vb.y, width: r.width * k, height: r.height * k };
    };
    for (const t of svg.querySelectorAll("text")) {
      const b = box(t);
      if (b.x < vb.x - 0.5 || b.y < vb.y - 0.5 || b.x + b.width > vb.x + vb.width + 0.5 || b.y + b.height > vb.y + vb.height + 0.5) {
        problems.push("svg text leaves the viewBox: " + what(t) + " [" + [b.x, b.y, b.width, b.height].map(Math.round) + "]");
      }
    }
    // Labels that overlap one another are as unreadable as clipped ones.
    const boxes = [...svg.querySelectorAll("text")].map((t) => [t, box(t)]);
    for (let i = 0; i < boxes.length; ++i) {
      for (let j = i + 1; j < boxes.length; ++j) {
        const a = boxes[i][1], b = boxes[j][1];
        if (a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1) {
          problems.push("svg texts overlap: " + what(boxes[i][0]) + " and " + what(boxes[j][0]));
        }
      }
    }
  }
  const out = document.createElement("pre");
  out.id = "rtcat-layout";
  out.textContent = problems.length ? problems.join("\n") : "ok";
  document.body.appendChild(out);
})();
