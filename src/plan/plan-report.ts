/** The short table `plan` writes next to the lock: agg against disagg, the choice, predicted latency against the SLA. */
import { fmt } from './pareto-svg';
import { ModeResult, PlanEntry, WorkerLayout } from './lock';

export function planReport(
  entry: PlanEntry,
  request: { namespace: string; name: string; graphName: string; autoApply: boolean },
): string {
  const i = entry.inputs;
  const lines = [
    `# ${request.namespace}/${request.name}: ${i.model} on ${i.totalGpus} × ${i.system}`,
    '',
    `Planned by ${entry.tool.name} ${entry.tool.version}${entry.perfDatabase ? ` (performance data: ${entry.perfDatabase.system}, ${entry.perfDatabase.backend} ${entry.perfDatabase.version})` : ''}, ` +
      `search \`${i.searchStrategy}\`, backend \`${i.backend}\`, ISL ${i.isl}, OSL ${i.osl}; inputs hash \`${entry.inputHash}\`.`,
    '',
  ];
  if (entry.modes) {
    lines.push(
      '| mode | backend | tokens/s/GPU | tokens/s/user | TTFT (ms) | ITL (ms) | GPUs | layout |',
      '|---|---|---:|---:|---:|---:|---:|---|',
    );
    for (const mode of ['agg', 'disagg'] as const)
      lines.push(modeRow(mode, entry.modes[mode], entry.chosen.mode === mode));
    lines.push('');
  }
  const p = entry.chosen.predicted;
  lines.push(`Chosen: **${entry.chosen.mode}** on ${entry.chosen.backend}, ${layoutText(entry.chosen.layout)}.`, '');
  if (p) {
    lines.push('| SLA | target | predicted | |', '|---|---:|---:|---|');
    if (i.sla.ttftMs !== undefined) lines.push(slaRow('TTFT', i.sla.ttftMs, p.ttftMs));
    if (i.sla.itlMs !== undefined) lines.push(slaRow('ITL', i.sla.itlMs, p.itlMs));
    if (i.sla.e2eLatencyMs !== undefined) lines.push(slaRow('end-to-end', i.sla.e2eLatencyMs, p.requestLatencyMs));
    lines.push(
      '',
      `Predicted throughput: ${fmt(p.tokensPerSecond)} tokens/s (${fmt(p.tokensPerSecondPerGpu)} per GPU, ${fmt(p.tokensPerSecondPerUser)} per user), ${fmt(p.requestsPerSecond)} requests/s at concurrency ${fmt(p.concurrency)}.`,
      '',
    );
  } else {
    lines.push('Profiled on the GPUs: the profiler reports no prediction.', '');
  }
  if (entry.modes) lines.push('![Pareto frontier](pareto.svg)', '');
  lines.push(
    request.autoApply
      ? `Generated graph: \`dynamo-graph-deployment.yaml\` (DynamoGraphDeployment \`${request.graphName}\`), rendered and deployed.`
      : `Generated graph: \`dynamo-graph-deployment.yaml\` (DynamoGraphDeployment \`${request.graphName}\`), for review only: \`autoApply: false\` keeps it out of the rendered output.`,
  );
  return `${lines.join('\n')}\n`;
}

function modeRow(mode: string, r: ModeResult, chosen: boolean): string {
  const name = chosen ? `**${mode} (chosen)**` : mode;
  if (!r.best) return `| ${name} | | | | | | | no configuration meets the SLA |`;
  const b = r.best;
  return `| ${name} | ${b.backend} | ${fmt(b.predicted.tokensPerSecondPerGpu)} | ${fmt(b.predicted.tokensPerSecondPerUser)} | ${fmt(b.predicted.ttftMs)} | ${fmt(b.predicted.itlMs)} | ${b.gpusUsed} | ${layoutText(b.layout)} |`;
}

function slaRow(what: string, target: number, predicted: number): string {
  return `| ${what} | ≤ ${fmt(target)} | ${fmt(predicted)} | ${predicted <= target ? 'meets' : '**misses**'} |`;
}

export function layoutText(layout: readonly WorkerLayout[]): string {
  return layout
    .map(
      (l) =>
        `${l.workers} × ${l.role === 'agg' ? 'worker' : l.role} (${l.gpusPerWorker} GPU${l.gpusPerWorker === 1 ? '' : 's'}, ${l.parallel})`,
    )
    .join(' + ');
}
