import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

const NAME = Buffer.from('card.bin');
/** Local header (30) + central directory entry (46) + end record (22), each name counted where it is written. */
const OVERHEAD = 30 + 46 + 22 + 2 * NAME.length;

/**
 * A real ZIP archive of exactly `size` bytes: one stored (uncompressed) entry of random bytes,
 * so it opens in any unzip tool and the injector's archive check accepts it.
 */
export function zipBytes(size: number): Buffer<ArrayBuffer> {
  if (size < OVERHEAD) throw new Error(`a zip needs at least ${OVERHEAD} bytes`);
  const data = randomBytes(size - OVERHEAD);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4); // version needed
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(NAME.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(NAME.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + NAME.length, 12);
  end.writeUInt32LE(30 + NAME.length + data.length, 16);
  return Buffer.concat([local, NAME, data, central, NAME, end]);
}
