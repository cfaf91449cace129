import jpeg from 'jpeg-js';

/**
 * Demo pictures for the seed: real JPEG files drawn in memory (a sky, a house, a lawn, the picture
 * number and the listing's address in block letters) and encoded with jpeg-js. Each picture is drawn
 * twice, at full size (1280×853) and as a thumbnail (320×213), rather than resized.
 */
export const ORIGINAL_SIZE = { width: 1280, height: 853 } as const;
export const THUMBNAIL_SIZE = { width: 320, height: 213 } as const;

type Rgb = readonly [number, number, number];

/** 5×7 block letters: each glyph is 7 rows of 5 bits. */
const FONT: Record<string, readonly number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17], B: [30, 17, 17, 30, 17, 17, 30], C: [14, 17, 16, 16, 16, 17, 14], D: [30, 17, 17, 17, 17, 17, 30],
  E: [31, 16, 16, 30, 16, 16, 31], F: [31, 16, 16, 30, 16, 16, 16], G: [14, 17, 16, 23, 17, 17, 15], H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14], J: [7, 2, 2, 2, 2, 18, 12], K: [17, 18, 20, 24, 20, 18, 17], L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17], N: [17, 17, 25, 21, 19, 17, 17], O: [14, 17, 17, 17, 17, 17, 14], P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13], R: [30, 17, 17, 30, 20, 18, 17], S: [15, 16, 16, 14, 1, 1, 30], T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14], V: [17, 17, 17, 17, 17, 10, 4], W: [17, 17, 17, 21, 21, 21, 10], X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4], Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14], '1': [4, 12, 4, 4, 4, 4, 14], '2': [14, 17, 1, 2, 4, 8, 31], '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2], '5': [31, 16, 30, 1, 1, 17, 14], '6': [6, 8, 16, 30, 17, 17, 14], '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14], '9': [14, 17, 17, 15, 1, 2, 12],
  ' ': [0, 0, 0, 0, 0, 0, 0], '-': [0, 0, 0, 31, 0, 0, 0], ',': [0, 0, 0, 0, 12, 4, 8], '.': [0, 0, 0, 0, 0, 12, 12],
  '#': [10, 10, 31, 10, 31, 10, 10], "'": [4, 4, 8, 0, 0, 0, 0], '/': [1, 1, 2, 4, 8, 16, 16],
};

class Canvas {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 4, 255);
  }
  rect(x0: number, y0: number, w: number, h: number, [r, g, b]: Rgb): void {
    const x1 = Math.min(this.width, Math.round(x0 + w));
    const y1 = Math.min(this.height, Math.round(y0 + h));
    for (let y = Math.max(0, Math.round(y0)); y < y1; y++) {
      for (let x = Math.max(0, Math.round(x0)); x < x1; x++) {
        const i = (y * this.width + x) * 4;
        this.data[i] = r;
        this.data[i + 1] = g;
        this.data[i + 2] = b;
      }
    }
  }
  /** Vertical gradient from top colour to bottom colour. */
  gradient(y0: number, h: number, top: Rgb, bottom: Rgb): void {
    for (let row = 0; row < h; row++) {
      const t = row / Math.max(1, h - 1);
      this.rect(0, y0 + row, this.width, 1, [0, 1, 2].map((c) => Math.round(top[c]! + (bottom[c]! - top[c]!) * t)) as unknown as Rgb);
    }
  }
  circle(cx: number, cy: number, radius: number, colour: Rgb): void {
    for (let y = Math.floor(cy - radius); y <= cy + radius; y++) {
      const half = Math.sqrt(Math.max(0, radius * radius - (y - cy) ** 2));
      this.rect(cx - half, y, half * 2, 1, colour);
    }
  }
  /** A roof: an isosceles triangle with its base on y = baseY. */
  triangle(cx: number, baseY: number, halfWidth: number, height: number, colour: Rgb): void {
    for (let row = 0; row < height; row++) {
      const half = (halfWidth * (height - row)) / height;
      this.rect(cx - half, baseY - row, half * 2, 1, colour);
    }
  }
  text(text: string, x: number, y: number, scale: number, colour: Rgb): void {
    let cx = x;
    for (const ch of asciiUpper(text)) {
      const glyph = FONT[ch] ?? FONT[' ']!;
      glyph.forEach((bits, row) => {
        for (let col = 0; col < 5; col++) if (bits & (1 << (4 - col))) this.rect(cx + col * scale, y + row * scale, scale, scale, colour);
      });
      cx += 6 * scale;
    }
  }
}

function asciiUpper(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
}

export function textWidth(text: string, scale: number): number {
  return asciiUpper(text).length * 6 * scale;
}

/** A colour of the wheel, from a seed. */
function hue(seed: number, saturation = 0.55, lightness = 0.55): Rgb {
  const h = (seed * 137.508) % 360;
  const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = lightness - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

export interface DemoPicture {
  /** Varies the colours and layout. */
  seed: number;
  /** 1-based number shown in the corner. */
  number: number;
  address: string;
}

/** Draws one demo picture at the given size and answers the JPEG bytes. */
export function drawDemoPicture({ seed, number, address }: DemoPicture, size: { width: number; height: number }, quality = 70): Buffer {
  const { width: w, height: h } = size;
  const s = w / 1280;
  const c = new Canvas(w, h);
  const horizon = Math.round(h * (0.58 + ((seed % 5) - 2) * 0.02));
  c.gradient(0, horizon, [90 + (seed % 40), 150, 225], [200, 225, 245]);
  c.gradient(horizon, h - horizon, [96, 160 - (seed % 30), 80], [50, 110, 50]);
  c.circle(w * (0.12 + (seed % 7) * 0.1), h * 0.16, 55 * s, [255, 214, 90]);
  // The house: walls, roof, door and windows.
  const houseW = w * (0.34 + (seed % 3) * 0.05);
  const houseH = h * 0.3;
  const hx = w * (0.3 + ((seed * 7) % 20) / 100);
  const hy = horizon - houseH * 0.75;
  c.rect(hx, hy, houseW, houseH, hue(seed, 0.35, 0.72));
  c.triangle(hx + houseW / 2, hy, houseW * 0.58, h * 0.16, hue(seed + 3, 0.5, 0.35));
  c.rect(hx + houseW * 0.44, hy + houseH * 0.45, houseW * 0.12, houseH * 0.55, [110, 70, 40]);
  for (const fx of [0.12, 0.7]) c.rect(hx + houseW * fx, hy + houseH * 0.2, houseW * 0.18, houseH * 0.28, [210, 235, 250]);
  // A tree beside it.
  const tx = hx + houseW + w * 0.08;
  c.rect(tx - 8 * s, horizon - 90 * s, 16 * s, 110 * s, [100, 70, 40]);
  c.circle(tx, horizon - 120 * s, 60 * s, hue(seed + 1, 0.45, 0.3));
  // The picture number and the address banner.
  c.rect(24 * s, 24 * s, textWidth(`#${number}`, 8 * s) + 24 * s, 80 * s, [30, 30, 30]);
  c.text(`#${number}`, 36 * s, 36 * s, Math.max(1, 8 * s), [255, 255, 255]);
  const bannerH = Math.max(14, 70 * s);
  c.rect(0, h - bannerH, w, bannerH, [25, 25, 35]);
  const scale = Math.max(1, Math.min(6 * s, (w - 40 * s) / Math.max(1, textWidth(address, 1))));
  c.text(address, 20 * s, h - bannerH + (bannerH - 7 * scale) / 2, scale, [255, 255, 255]);
  return jpeg.encode({ data: c.data, width: w, height: h }, quality).data;
}
