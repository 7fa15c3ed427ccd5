/**
 * The Pareto-frontier picture a reviewer sees in the pull request: per-GPU throughput against
 * per-user speed, agg and disagg, the SLA bound, the chosen point. Plain SVG text from the lock
 * entry alone, so the same entry always gives the same bytes.
 */
import { FrontierPoint, PlanEntry, ServingMode } from './lock';

const W = 760;
const H = 460;
const M = { left: 72, right: 24, top: 48, bottom: 64 };
const COLORS: Record<ServingMode, string> = { agg: '#2563eb', disagg: '#ea580c' };

export function paretoSvg(entry: PlanEntry, title: string): string {
  const modes = entry.modes;
  if (!modes) return '';
  const all = [...modes.agg.frontier, ...modes.disagg.frontier];
  const chosen = entry.chosen.predicted;
  const xs = [...all.map((p) => p.tokensPerSecondPerUser), ...(chosen ? [chosen.tokensPerSecondPerUser] : [])];
  const ys = [...all.map((p) => p.tokensPerSecondPerGpu), ...(chosen ? [chosen.tokensPerSecondPerGpu] : [])];
  const itlBound = entry.inputs.sla.itlMs;
  if (itlBound) xs.push(1000 / itlBound);
  const xTicks = niceTicks(0, Math.max(1, ...xs));
  const yTicks = niceTicks(0, Math.max(1, ...ys));
  const xMax = xTicks[xTicks.length - 1];
  const yMax = yTicks[yTicks.length - 1];
  const px = (x: number) => M.left + (x / xMax) * (W - M.left - M.right);
  const py = (y: number) => H - M.bottom - (y / yMax) * (H - M.top - M.bottom);
  const meets = (p: FrontierPoint) =>
    (entry.inputs.sla.ttftMs === undefined || p.ttftMs <= entry.inputs.sla.ttftMs) &&
    (entry.inputs.sla.itlMs === undefined || p.itlMs <= entry.inputs.sla.itlMs);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${W}" height="${H}" fill="#ffffff"/>`);
  out.push(`<text x="${W / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">${esc(title)}</text>`);
  for (const t of xTicks) {
    out.push(`<line x1="${f(px(t))}" y1="${M.top}" x2="${f(px(t))}" y2="${H - M.bottom}" stroke="#e5e7eb"/>`);
    out.push(`<text x="${f(px(t))}" y="${H - M.bottom + 16}" text-anchor="middle">${fmt(t)}</text>`);
  }
  for (const t of yTicks) {
    out.push(`<line x1="${M.left}" y1="${f(py(t))}" x2="${W - M.right}" y2="${f(py(t))}" stroke="#e5e7eb"/>`);
    out.push(`<text x="${M.left - 6}" y="${f(py(t) + 4)}" text-anchor="end">${fmt(t)}</text>`);
  }
  out.push(`<line x1="${M.left}" y1="${H - M.bottom}" x2="${W - M.right}" y2="${H - M.bottom}" stroke="#111827"/>`);
  out.push(`<line x1="${M.left}" y1="${M.top}" x2="${M.left}" y2="${H - M.bottom}" stroke="#111827"/>`);
  out.push(
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 24}" text-anchor="middle">tokens/s per user (faster for each user →)</text>`,
  );
  out.push(
    `<text transform="translate(18 ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">tokens/s per GPU</text>`,
  );
  if (itlBound) {
    const x = f(px(1000 / itlBound));
    out.push(`<line x1="${x}" y1="${M.top}" x2="${x}" y2="${H - M.bottom}" stroke="#dc2626" stroke-dasharray="6 4"/>`);
    out.push(
      `<text x="${x}" y="${M.top - 6}" text-anchor="middle" fill="#dc2626">SLA: ITL ≤ ${fmt(itlBound)} ms</text>`,
    );
  }
  for (const mode of ['agg', 'disagg'] as const) {
    const points = [...modes[mode].frontier].sort((a, b) => a.tokensPerSecondPerUser - b.tokensPerSecondPerUser);
    if (points.length > 1) {
      out.push(
        `<polyline fill="none" stroke="${COLORS[mode]}" stroke-width="2" points="${points.map((p) => `${f(px(p.tokensPerSecondPerUser))},${f(py(p.tokensPerSecondPerGpu))}`).join(' ')}"/>`,
      );
    }
    for (const p of points) {
      const fill = meets(p) ? COLORS[mode] : '#ffffff';
      out.push(
        `<circle cx="${f(px(p.tokensPerSecondPerUser))}" cy="${f(py(p.tokensPerSecondPerGpu))}" r="3.5" fill="${fill}" stroke="${COLORS[mode]}"><title>${esc(`${mode} ${p.parallel} ${p.backend}: ${fmt(p.tokensPerSecondPerGpu)} tok/s/gpu, ${fmt(p.tokensPerSecondPerUser)} tok/s/user, TTFT ${fmt(p.ttftMs)} ms, ITL ${fmt(p.itlMs)} ms, concurrency ${fmt(p.concurrency)}`)}</title></circle>`,
      );
    }
  }
  if (chosen) {
    const cx = f(px(chosen.tokensPerSecondPerUser));
    const cy = f(py(chosen.tokensPerSecondPerGpu));
    out.push(`<circle cx="${cx}" cy="${cy}" r="9" fill="none" stroke="#111827" stroke-width="2.5"/>`);
    out.push(
      `<text x="${f(px(chosen.tokensPerSecondPerUser) + 12)}" y="${f(py(chosen.tokensPerSecondPerGpu) - 12)}" font-weight="bold">chosen: ${esc(entry.chosen.mode)} (${esc(entry.chosen.backend)}), ${fmt(chosen.tokensPerSecondPerGpu)} tok/s/gpu</text>`,
    );
  }
  const legendY = H - 8;
  let x = M.left;
  for (const mode of ['agg', 'disagg'] as const) {
    out.push(
      `<circle cx="${x}" cy="${legendY - 4}" r="4" fill="${COLORS[mode]}"/><text x="${x + 8}" y="${legendY}">${mode}</text>`,
    );
    x += 80;
  }
  out.push(
    `<circle cx="${x}" cy="${legendY - 4}" r="4" fill="#ffffff" stroke="#6b7280"/><text x="${x + 8}" y="${legendY}">misses the SLA</text>`,
  );
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** 4 to 8 round tick values from `lo` up past `hi`. */
export function niceTicks(lo: number, hi: number): number[] {
  const span = hi - lo || 1;
  const raw = span / 6;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => span / s <= 8) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let t = Math.floor(lo / step) * step; t < hi + step; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** Two decimals at most, no trailing zeros: stable text for the same number. */
export function fmt(n: number): string {
  return String(Math.round(n * 100) / 100);
}

const f = (n: number) => n.toFixed(1);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
