import { readFileSync } from 'node:fs';
const bytes = readFileSync(process.argv[2]);
const hs = bytes[0]; const end = Math.min(bytes.length, hs + bytes.readUInt32LE(4));
const defs: any[] = [];
function sizeAt(pos: number): number | null {
  const h = bytes[pos];
  if (h === undefined) return null;
  if (h & 0x80) return null;
  if (h & 0x40) { if (bytes[pos+1] !== 0 || bytes[pos+2] > 1) return null; const nf = bytes[pos+5]; let len = 6 + nf*3; if (h & 0x20) len += 1 + bytes[pos+len]*3; return len; }
  const d = defs[h & 0xf]; return d ? 1 + d.size : null;
}
let pos = hs; let glitches = 0; let msgs = 0;
while (pos < end) {
  const h = bytes[pos];
  if (h & 0x40) {
    const nf = bytes[pos+5]; let size = 0; for (let f = 0; f < nf; f++) size += bytes[pos+7+f*3];
    let len = 6 + nf*3; if (h & 0x20) { const nd = bytes[pos+len]; for (let f=0;f<nd;f++) size += bytes[pos+len+1+f*3+1]; len += 1 + nd*3; }
    defs[h & 0xf] = { size }; pos += len; continue;
  }
  const s = sizeAt(pos); if (s === null) { console.log('stuck', pos); break; }
  if (pos + s < end && sizeAt(pos + s) === null) {
    let fixed = false;
    for (const delta of [-1, -2, 1, 2, -3, 3]) { const p2 = pos + s + delta; const s2 = sizeAt(p2); if (s2 !== null && sizeAt(p2 + s2) !== null) { console.log('glitch at', pos, 'delta', delta); pos = p2; glitches++; fixed = true; break; } }
    if (!fixed) { console.log('unfixable at', pos); break; }
    continue;
  }
  pos += s; msgs++;
}
console.log('msgs', msgs, 'glitches', glitches, 'end', pos, end);
