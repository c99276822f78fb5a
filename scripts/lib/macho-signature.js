/**
 * Removes the code signature of a thin 64-bit Mach-O executable, as `codesign
 * --remove-signature` does on a Mac: Node's docs for single executable applications ask for
 * it before `postject` (the injected segment would otherwise sit after a signature that no
 * longer covers the file), and no Apple tool runs here. The signature is the last thing in
 * __LINKEDIT: drop its load command, shrink __LINKEDIT to end where it began, and cut the
 * file there. The executable is signed again (ad hoc) after the injection.
 */
"use strict";
const fs = require("node:fs");

const MH_MAGIC_64 = 0xfeedfacf;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const HEADER_SIZE = 32;

/** Strips the signature of `file` in place; returns false when it had none. */
function removeMachOSignature(file) {
  const buf = fs.readFileSync(file);
  if (buf.readUInt32LE(0) !== MH_MAGIC_64) throw new Error(`${file} is not a thin 64-bit little-endian Mach-O file`);
  const ncmds = buf.readUInt32LE(16);
  const sizeofcmds = buf.readUInt32LE(20);
  let linkedit; // offset of __LINKEDIT's segment command
  let sig; // offset of LC_CODE_SIGNATURE
  for (let i = 0, off = HEADER_SIZE; i < ncmds; i++) {
    const cmd = buf.readUInt32LE(off);
    if (cmd === LC_SEGMENT_64 && buf.toString("latin1", off + 8, off + 24).replace(/\0+$/, "") === "__LINKEDIT")
      linkedit = off;
    if (cmd === LC_CODE_SIGNATURE) sig = off;
    off += buf.readUInt32LE(off + 4);
  }
  if (sig === undefined) return false;
  if (linkedit === undefined) throw new Error(`${file} has a code signature but no __LINKEDIT segment`);
  const sigSize = buf.readUInt32LE(sig + 4);
  const dataoff = buf.readUInt32LE(sig + 8);
  const datasize = buf.readUInt32LE(sig + 12);
  const fileoff = Number(buf.readBigUInt64LE(linkedit + 40));
  const filesize = Number(buf.readBigUInt64LE(linkedit + 48));
  if (dataoff + datasize > buf.length || fileoff + filesize < dataoff + datasize) {
    throw new Error(`${file}: the code signature is not at the end of __LINKEDIT; not removing it`);
  }
  // Drop the load command: shift the ones after it up and clear the freed bytes.
  const end = HEADER_SIZE + sizeofcmds;
  buf.copy(buf, sig, sig + sigSize, end);
  buf.fill(0, end - sigSize, end);
  buf.writeUInt32LE(ncmds - 1, 16);
  buf.writeUInt32LE(sizeofcmds - sigSize, 20);
  // __LINKEDIT may have moved up if it came after the signature's command.
  const seg = linkedit > sig ? linkedit - sigSize : linkedit;
  const newFilesize = dataoff - fileoff;
  buf.writeBigUInt64LE(BigInt(newFilesize), seg + 48);
  const page = 0x4000;
  buf.writeBigUInt64LE(BigInt(Math.ceil(newFilesize / page) * page), seg + 32);
  fs.writeFileSync(file, buf.subarray(0, dataoff));
  return true;
}

/** True when `file` (thin 64-bit Mach-O) carries an LC_CODE_SIGNATURE load command. */
function hasMachOSignature(file) {
  const buf = fs.readFileSync(file);
  if (buf.readUInt32LE(0) !== MH_MAGIC_64) return false;
  for (let i = 0, off = HEADER_SIZE, n = buf.readUInt32LE(16); i < n; i++) {
    if (buf.readUInt32LE(off) === LC_CODE_SIGNATURE) return true;
    off += buf.readUInt32LE(off + 4);
  }
  return false;
}

module.exports = { removeMachOSignature, hasMachOSignature };
