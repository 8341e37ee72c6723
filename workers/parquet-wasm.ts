/**
 * parquet-wasm behind the engine's `ParquetReader`: the same for the page's worker (its ES module
 * build, loaded the first time a Parquet file arrives) and for Node's tests (its Node build).
 */
import type { ParquetFile } from 'parquet-wasm/esm';
import type { ParquetReader } from './load-parquet.ts';

/** The part of parquet-wasm's module that Sift uses; both builds have it. */
export interface ParquetWasm {
  ParquetFile: { fromFile(handle: Blob): Promise<ParquetFile> };
}

export function parquetReader(wasm: ParquetWasm): ParquetReader {
  return {
    async open(file) {
      const parquet = await wasm.ParquetFile.fromFile(file);
      const meta = parquet.metadata();
      const rowGroups = meta.numRowGroups();
      const groupBytes = Array.from({ length: rowGroups }, (_, i) => {
        const group = meta.rowGroup(i);
        const bytes = group.totalByteSize();
        group.free();
        return bytes;
      });
      meta.free();
      return {
        rowGroups,
        groupBytes,
        async read(group) {
          const table = await parquet.read(group === null ? {} : { rowGroups: [group] });
          // Consumes the table: its wasm memory is freed as the stream is written.
          return table.intoIPCStream();
        },
        close: () => parquet.free(),
      };
    },
  };
}
