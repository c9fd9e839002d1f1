import { readFileSync } from 'node:fs';
import { Decoder, Stream } from '@garmin/fitsdk';
const bytes = readFileSync('/work/briefs/python-fitparse/strava-android-app-201.10-b1218918.fit');
const r = new Decoder(Stream.fromByteArray(bytes)).read() as any;
console.log(r.errors[0]);
const hs = bytes[0]; const dataSize = bytes.readUInt32LE(4); console.log('header', hs, 'dataSize', dataSize, 'len', bytes.length);
// walk
let pos = hs; const defs: any[] = []; let n = 0;
while (pos < hs + dataSize) {
  const h = bytes[pos];
  if (h & 0x80) { console.log('compressed at', pos); break; }
  if (h & 0x40) {
    const local = h & 0xf; const arch = bytes[pos+2]; const gmn = arch === 0 ? bytes.readUInt16LE(pos+3) : bytes.readUInt16BE(pos+3); const nf = bytes[pos+5];
    const fields = []; let size = 0; for (let f = 0; f < nf; f++) { fields.push([bytes[pos+6+f*3], bytes[pos+7+f*3], bytes[pos+8+f*3].toString(16)]); size += bytes[pos+7+f*3]; }
    let len = 6 + nf*3; let dev = 0;
    if (h & 0x20) { const nd = bytes[pos+len]; for (let f=0;f<nd;f++) dev += bytes[pos+len+1+f*3+1]; len += 1 + nd*3; }
    defs[local] = { gmn, size: size + dev, fields };
    if (pos > 7000 || n < 30) console.log('def at', pos, 'local', local, 'gmn', gmn, JSON.stringify(fields), 'dev', dev);
    pos += len;
  } else {
    const d = defs[h & 0xf]; if (!d) { console.log('no def at', pos); break; }
    if (pos > 7400 && pos < 7600) console.log('data at', pos, 'local', h & 0xf, 'gmn', d.gmn, 'size', d.size);
    pos += 1 + d.size;
  }
  n++;
}
console.log('end', pos);
