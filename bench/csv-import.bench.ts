// Issue 4 figure: parsing a 5,000-row Fidelity Portfolio_Positions CSV (target < 1 s). Prints; asserts nothing.
import { performance } from 'node:perf_hooks';
import { parseBrokerCsv } from '../src/domain/broker-csv';

const HEADER =
  "Account Number,Account Name,Symbol,Description,Quantity,Last Price,Last Price Change,Current Value,Today's Gain/Loss Dollar,Today's Gain/Loss Percent,Total Gain/Loss Dollar,Total Gain/Loss Percent,Percent Of Account,Cost Basis,Cost Basis Per Share,Type";

/** 5,000 position rows over 5 accounts and 1,000 symbols, with core cash rows and the real footer. */
function fidelityCsv(rows: number): string {
  const lines = ['\uFEFF' + HEADER];
  for (let i = 0; i < rows; i++) {
    const account = `Z${10_000_000 + (i % 5)}`;
    if (i % 500 === 0) {
      lines.push(`${account},INDIVIDUAL,SPAXX**,HELD IN MONEY MARKET,,,,$1234.56,,,,,1.00%,,,Cash`);
      continue;
    }
    const symbol = `S${String(i % 1000).padStart(3, '0')}`;
    lines.push(
      `${account},INDIVIDUAL,${symbol},${symbol} INC,"1,${String(i % 1000).padStart(3, '0')}.125",$101.24,-$4.11,"$1,091.11",-$115.01,-4.14%,-$18.98,-1.19%,0.02%,$1111.14,$101.04,Cash`,
    );
  }
  lines.push(
    '',
    '"The data and information in this spreadsheet is provided to you solely for your use."',
    '',
  );
  lines.push('"Date downloaded 03/01/2024 9:10 PM ET"');
  return lines.join('\r\n') + '\r\n';
}

const csv = fidelityCsv(5000);
parseBrokerCsv('fidelity', fidelityCsv(100)); // warm-up
const runs: number[] = [];
let holdings = 0;
for (let run = 0; run < 5; run++) {
  const t0 = performance.now();
  holdings = Object.keys(parseBrokerCsv('fidelity', csv).portfolio).length;
  runs.push(performance.now() - t0);
}
const sorted = [...runs].sort((a, b) => a - b);
console.log(
  `parseBrokerCsv('fidelity'): 5,000 rows (${(csv.length / 1024).toFixed(0)} KB) -> ${holdings} holdings: ` +
    `median ${sorted[2]?.toFixed(1)} ms, first ${runs[0]?.toFixed(1)} ms, best ${sorted[0]?.toFixed(1)} ms (target < 1000 ms)`,
);
