/**
 * Locking the database before any file arrives. Files registered later under `uploads/` stay
 * readable through `allowed_directories`; URLs, other paths, `uploads/../x`, extensions and every
 * later `SET` are refused (checked in Node and in Chromium by tests/engine-suite/query-cases.ts).
 */
export const UPLOAD_DIR = 'uploads/';

export const LOCKDOWN_STATEMENTS = [
  'SET autoinstall_known_extensions = false',
  'SET autoload_known_extensions = false',
  `SET allowed_directories = ['${UPLOAD_DIR}']`,
  'SET enable_external_access = false',
  'SET lock_configuration = true',
];
