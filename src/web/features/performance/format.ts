/** The chart lines' colours (all at least 3:1 on white), shared by the charts and their legends. */
export const CHART_COLORS = {
  value: '#1e4d8c',
  netInvested: '#64748b',
  twr: '#1e4d8c',
  benchmark: '#c2410c',
} as const;
