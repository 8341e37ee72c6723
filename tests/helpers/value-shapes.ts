/** Values as the worker counts their shapes (workers/local-formats.ts): digits as 0, one each. */
export const shapesOf = (values: string[]) =>
  values.map((v) => ({
    shape: v.replace(/[0-9]/g, '0'),
    leadingZero: false,
    count: 1,
    example: v,
  }));
