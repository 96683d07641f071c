import type * as ChartModuleExports from '../../components/time-series-chart';

export type ChartModule = typeof ChartModuleExports;

// uPlot loads with the first chart, not with the console. Its own module, light to import, so the
// console's first lines (app/early-start.ts) can start loading it for a monitor's page.
let chartModule: ChartModule | null = null;

export const loadChart = (): Promise<ChartModule> =>
  import('../../components/time-series-chart').then((module) => {
    chartModule = module;
    return module;
  });

export const loadedChart = (): ChartModule | null => chartModule;

export function preloadChart(): void {
  if (!chartModule) void loadChart();
}
