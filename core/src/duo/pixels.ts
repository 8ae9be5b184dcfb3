// Pixel helpers of the photo analysis: the flat-field (uneven light removed) and the dark connected parts.

export interface Grey {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A connected set of dark pixels with its moments. */
export interface Part {
  area: number;
  centre: { x: number; y: number };
  box: { x0: number; y0: number; x1: number; y1: number };
  /** Ratio of the long to the short axis (from second moments); 1 for a disc, L/W for a bar. */
  elongation: number;
  /** The median darkness inside the part: 1 is black ink, 0 the paper. */
  inkLevel: number;
}

const CELL_PX = 32;

/**
 * Darkness of each pixel relative to the paper around it (0 paper, 1 black), so light falling unevenly
 * across the sheet does not matter. The paper's brightness is estimated per cell, first from its bright
 * pixels, then again from the cell's mean with dark pixels left out (so noise does not bias it).
 */
export function flatField(grey: Grey): Float32Array {
  const { width, height, data } = grey;
  const first = paperGrid(grey, (values) => percentile(values, 0.9), 2);
  const darkness = new Float32Array(width * height);
  const bright = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const paper = first(x, y);
      bright[y * width + x] = data[y * width + x]! > paper * 0.8 ? 1 : 0;
    }
  }
  const second = paperGrid(grey, (values, indices) => {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < values.length; i++) {
      if (bright[indices[i]!]) {
        sum += values[i]!;
        count++;
      }
    }
    return count > values.length * 0.2 ? sum / count : Number.NaN;
  });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      darkness[y * width + x] = 1 - data[y * width + x]! / second(x, y);
    }
  }
  return darkness;
}

/** A per-cell estimate of the paper's brightness, filled where missing and interpolated bilinearly. */
function paperGrid(
  grey: Grey,
  estimate: (values: number[], indices: number[]) => number,
  brightestWithin = 0,
): (x: number, y: number) => number {
  const { width, height, data } = grey;
  const columns = Math.ceil(width / CELL_PX);
  const rows = Math.ceil(height / CELL_PX);
  const grid = new Float64Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const values: number[] = [];
      const indices: number[] = [];
      for (let y = row * CELL_PX; y < Math.min(height, (row + 1) * CELL_PX); y++) {
        for (let x = column * CELL_PX; x < Math.min(width, (column + 1) * CELL_PX); x++) {
          values.push(data[y * width + x]!);
          indices.push(y * width + x);
        }
      }
      grid[row * columns + column] = estimate(values, indices);
    }
  }
  fillMissing(grid, columns, rows);
  if (brightestWithin > 0) brightestOfNeighbours(grid, columns, rows, brightestWithin);
  return (x, y) => {
    const gx = Math.min(columns - 1, Math.max(0, (x + 0.5) / CELL_PX - 0.5));
    const gy = Math.min(rows - 1, Math.max(0, (y + 0.5) / CELL_PX - 0.5));
    const c0 = Math.floor(gx);
    const r0 = Math.floor(gy);
    const c1 = Math.min(columns - 1, c0 + 1);
    const r1 = Math.min(rows - 1, r0 + 1);
    const fx = gx - c0;
    const fy = gy - r0;
    const at = (r: number, c: number) => grid[r * columns + c]!;
    const value =
      at(r0, c0) * (1 - fx) * (1 - fy) +
      at(r0, c1) * fx * (1 - fy) +
      at(r1, c0) * (1 - fx) * fy +
      at(r1, c1) * fx * fy;
    return Math.max(value, 1);
  };
}

/** A cell wholly inside the bar sees only ink: the brightest cell nearby is a safer guess of the paper. */
function brightestOfNeighbours(grid: Float64Array, columns: number, rows: number, radius: number): void {
  const source = Float64Array.from(grid);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      let brightest = 0;
      for (let r = Math.max(0, row - radius); r <= Math.min(rows - 1, row + radius); r++) {
        for (let c = Math.max(0, column - radius); c <= Math.min(columns - 1, column + radius); c++) {
          brightest = Math.max(brightest, source[r * columns + c]!);
        }
      }
      grid[row * columns + column] = brightest;
    }
  }
}

/** Cells covered by ink take the mean of their known neighbours, repeatedly. */
function fillMissing(grid: Float64Array, columns: number, rows: number): void {
  for (let pass = 0; pass < columns + rows; pass++) {
    let missing = 0;
    const next = Float64Array.from(grid);
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        if (!Number.isNaN(grid[row * columns + column]!)) continue;
        let sum = 0;
        let count = 0;
        for (const [dr, dc] of [
          [-1, 0],
          [1, 0],
          [0, -1],
          [0, 1],
        ] as const) {
          const r = row + dr;
          const c = column + dc;
          if (r < 0 || c < 0 || r >= rows || c >= columns) continue;
          const value = grid[r * columns + c]!;
          if (!Number.isNaN(value)) {
            sum += value;
            count++;
          }
        }
        if (count > 0) next[row * columns + column] = sum / count;
        else missing++;
      }
    }
    grid.set(next);
    if (missing === 0) return;
  }
  grid.fill(255);
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((first, second) => first - second);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** The 4-connected parts of pixels darker than `threshold`, with their moments. */
export function findDarkParts(
  darkness: Float32Array,
  width: number,
  height: number,
  threshold: number,
): Part[] {
  const label = new Int32Array(width * height).fill(-1);
  const parts: Part[] = [];
  const stack: number[] = [];
  for (let start = 0; start < darkness.length; start++) {
    if (label[start] !== -1 || darkness[start]! < threshold) continue;
    const id = parts.length;
    label[start] = id;
    stack.push(start);
    let area = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    const inks: number[] = [];
    while (stack.length > 0) {
      const index = stack.pop()!;
      const x = index % width;
      const y = (index - x) / width;
      area++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
      if (inks.length < 4000) inks.push(darkness[index]!);
      for (const next of [index - 1, index + 1, index - width, index + width]) {
        if (next < 0 || next >= darkness.length) continue;
        if ((next === index - 1 && x === 0) || (next === index + 1 && x === width - 1)) continue;
        if (label[next] !== -1 || darkness[next]! < threshold) continue;
        label[next] = id;
        stack.push(next);
      }
    }
    const cx = sx / area;
    const cy = sy / area;
    const vxx = sxx / area - cx * cx;
    const vyy = syy / area - cy * cy;
    const vxy = sxy / area - cx * cy;
    const spread = Math.sqrt(((vxx - vyy) / 2) ** 2 + vxy * vxy);
    const major = (vxx + vyy) / 2 + spread;
    const minor = Math.max((vxx + vyy) / 2 - spread, 1e-6);
    parts.push({
      area,
      centre: { x: cx, y: cy },
      box: { x0, y0, x1, y1 },
      elongation: Math.sqrt(major / minor),
      inkLevel: percentile(inks, 0.75),
    });
  }
  return parts;
}
