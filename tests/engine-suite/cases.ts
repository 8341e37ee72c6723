/** Every case of the engine suite, in the order both runners run them. */
import { backgroundCases } from './background-cases.ts';
import { boundsCases } from './bounds-cases.ts';
import { cancelCases } from './cancel-cases.ts';
import { exportCases } from './export-cases.ts';
import { formatCases } from './format-cases.ts';
import { keptCases } from './kept-cases.ts';
import { workbookCases } from './workbook-cases.ts';
import { loadCases } from './load-cases.ts';
import { misreadCases } from './misread-cases.ts';
import { notebookCases } from './notebook-cases.ts';
import { partCases } from './part-cases.ts';
import { queryCases } from './query-cases.ts';
import { recipeCases } from './recipe-cases.ts';
import { saveCases } from './save-cases.ts';
import type { EngineCase } from './suite.ts';
import { tableCases } from './table-cases.ts';

export const engineCases: EngineCase[] = [
  ...loadCases,
  ...partCases,
  ...exportCases,
  ...misreadCases,
  ...formatCases,
  ...recipeCases,
  ...workbookCases,
  ...boundsCases,
  ...queryCases,
  ...saveCases,
  ...cancelCases,
  ...tableCases,
  ...backgroundCases,
  ...keptCases,
  ...notebookCases,
];
