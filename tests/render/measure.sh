#!/usr/bin/env bash
# measure.sh PAGE WIDTH HEIGHT OUT_PREFIX: renders PAGE (HTML or SVG) in headless Chromium at
# WIDTH x HEIGHT, writes OUT_PREFIX.png (a screenshot) and prints the layout problems that
# measure_layout.js finds ("ok" when none). The page is measured in a copy with the script
# injected (the report's own CSP forbids scripts); the original is what the screenshot shows.
set -euo pipefail
page=$1 width=$2 height=$3 out=$4
here=$(cd "$(dirname "$0")" && pwd)
probe="$out.probe.html"
node - "$page" "$here/measure_layout.js" "$probe" <<'JS'
const fs = require("fs");
const [page, script, probe] = process.argv.slice(2);
let text = fs.readFileSync(page, "utf8");
const js = "<script>" + fs.readFileSync(script, "utf8") + "</script>";
if (page.endsWith(".svg")) {
  text = '<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body>' + text + js + "</body></html>";
} else {
  text = text.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, "").replace("</body>", js + "</body>");
}
fs.writeFileSync(probe, text);
JS
chrome=(timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --hide-scrollbars
  --disable-background-networking --disable-component-update --disable-sync --user-data-dir="$out.profile"
  --window-size="$width,$height")
"${chrome[@]}" --screenshot="$out.png" "file://$(realpath "$page")" >/dev/null 2>&1
"${chrome[@]}" --dump-dom "file://$(realpath "$probe")" 2>/dev/null | node -e '
const dom = require("fs").readFileSync(0, "utf8");
const at = dom.lastIndexOf("<pre id=\"rtcat-layout\">");
if (at < 0) { console.log("no measurement: the probe script did not run"); process.exit(0); }
const body = dom.slice(at + 23, dom.indexOf("</pre>", at));
console.log(body.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, "\"").replace(/&amp;/g, "&"));'
