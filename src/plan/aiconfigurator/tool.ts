/**
 * The pinned search tool: AIConfigurator from PyPI (an offline, GPU-free simulation over
 * aggregated and disaggregated layouts). Its successor package `aisimulate` downloads its wheel
 * from another host at build time and cannot install where only PyPI is reachable, so we pin the
 * last self-contained release.
 */
export const AIC_PACKAGE = 'aiconfigurator';
export const AIC_VERSION = '0.12.0';
/** Python versions the package supports (its `Requires-Python: >=3.11,<3.14`). */
export const AIC_PYTHON = { min: [3, 11], maxExclusive: [3, 14] } as const;

/**
 * Systems with performance data in aiconfigurator 0.12.0 (`aiconfigurator_core/systems/*.yaml`),
 * the GPU SKUs of a request the rapid search can plan for. A test checks this against the
 * installed package.
 */
export const AIC_SYSTEMS = [
  'a100_pcie',
  'a100_sxm',
  'a30',
  'b200_sxm',
  'b300_sxm',
  'b60',
  'gb200',
  'gb300',
  'h100_pcie',
  'h100_sxm',
  'h200_sxm',
  'l4',
  'l40s',
  'rtx_pro_6000_server',
] as const;
