/**
 * Files of the vega-datasets package (BSD-3-Clause): real public data — cars.json, the
 * Seattle weather, TopoJSON — for the loader's and the charts' tests.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The package exports only its JS module; its data folder is read by path. */
export function vegaDataPath(name: string): string {
  return fileURLToPath(new URL(`../../node_modules/vega-datasets/data/${name}`, import.meta.url));
}

export function vegaData(name: string): Buffer {
  return readFileSync(vegaDataPath(name));
}
