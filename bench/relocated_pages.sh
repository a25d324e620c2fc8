#!/usr/bin/env bash
# Which libraries the start-up's relocations write to, and on how many pages: every page of a
# static PIE that holds a pointer is written as the process starts (one copy-on-write page
# fault each, docs/benchmarks.md, "Start-up: the pages every run writes"). It links rtcat once
# more with a linker map (lld's -Map), decodes the packed relative relocations (.relr.dyn) and
# prints "RELOCATIONS PAGES OWNER" lines, most first: the archive, or the symbol when the owner
# is one of rtcat's own data sections.
#   bench/relocated_pages.sh [BUILD_DIR]      (default: build; a Release build linked with lld)
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(readlink -f "${1:-build}")
link="$build/cli/CMakeFiles/rtcat.dir/link.txt"
[[ -f $link ]] || { echo "configure and build rtcat first: $link is missing" >&2; exit 2; }
grep -q -- '-fuse-ld=lld' "$link" || { echo "needs the lld link (RTCAT_CAN_LINK_LLD): $link" >&2; exit 2; }
command -v python3 >/dev/null || { echo "needs python3" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$build/cli" && eval "$(sed "s| -o ../rtcat | -o $tmp/rtcat -Wl,-Map=$tmp/rtcat.map |" "$link")")
readelf -SW "$tmp/rtcat" >"$tmp/sections"
python3 - "$tmp/rtcat" "$tmp/rtcat.map" "$tmp/sections" <<'EOF'
import bisect, collections, re, struct, sys
binary, mapfile, sections = sys.argv[1:]
relr = next(l for l in open(sections) if ".relr.dyn" in l).split("]")[1].split()
offset, size = int(relr[3], 16), int(relr[4], 16)
with open(binary, "rb") as f:
    f.seek(offset)
    data = f.read(size)
addresses, base = [], 0
for (word,) in struct.iter_unpack("<Q", data):
    if word & 1 == 0:  # an address
        addresses.append(word)
        base = word + 8
    else:  # a bitmap of the 63 words after base
        addresses += [base + 8 * bit for bit in range(63) if word >> (bit + 1) & 1]
        base += 63 * 8
inputs = []  # (address, size, owner) of every input section and symbol in the map
line = re.compile(r"\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s+(\S.*)$")
for l in open(mapfile):
    m = line.match(l)
    if m:
        inputs.append((int(m.group(1), 16), int(m.group(2), 16), m.group(3)))
inputs.sort()
starts = [i[0] for i in inputs]
def owner(address):
    i = bisect.bisect_right(starts, address) - 1
    while i >= 0:
        start, length, name = inputs[i]
        if start <= address < start + length and ":(" in name:
            archive = re.search(r"([^/]+\.a)\(", name)
            return archive.group(1) if archive else name
        i -= 1
    return "?"
count, pages = collections.Counter(), collections.defaultdict(set)
for a in addresses:
    o = owner(a)
    count[o] += 1
    pages[o].add(a >> 12)
for o, n in count.most_common():
    print(f"{n:6d} {len(pages[o]):3d}  {o}")
print(f"{len(addresses):6d} {len({a >> 12 for a in addresses}):3d}  in all (relocations, distinct pages)")
EOF
