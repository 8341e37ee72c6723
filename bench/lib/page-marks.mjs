/**
 * Marks taken in the page itself, from its navigation start (performance.now()), the moment what
 * a person waits for appears on screen: the engine ready, the file chosen, the table summary,
 * the first and the last column of the profile, each click on Run and each result. Installed as
 * an init script, so nothing the page does before the bench looks is missed.
 */
export const MARKS_SCRIPT = () => {
  const marks = {};
  const mark = (name) => {
    if (!(name in marks)) marks[name] = performance.now();
  };
  Object.defineProperty(window, '__siftMarks', { value: marks });
  const look = () => {
    if (document.querySelector('.engine[data-state="ready"]')) mark('ready');
    if (document.querySelector('[data-testid="table-summary"]')) mark('summary');
    if (
      document.querySelector(
        '[data-testid="profile-table"] tbody tr[data-column]:not([data-pending])',
      )
    )
      mark('firstColumn');
    if (document.querySelector('[data-testid="profile-table"][data-complete]')) mark('profile');
    for (const el of document.querySelectorAll(
      '[data-testid="sql-result"], [data-testid="sql-error"]',
    ))
      mark(`result:${el.getAttribute('data-run')}`);
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
  });
  document.addEventListener(
    'change',
    (e) => {
      if (e.target instanceof HTMLInputElement && e.target.type === 'file') mark('drop');
    },
    true,
  );
  let runs = 0;
  document.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest('[data-testid="sql-run"]')) {
        runs++;
        marks[`run:${runs}`] = performance.now();
      }
    },
    true,
  );
};

export const readMarks = (page) => page.evaluate(() => ({ ...window.__siftMarks }));

/** Waits until the page has taken `name`. */
export function waitForMark(page, name, timeoutMs = 15 * 60_000) {
  return page.waitForFunction((n) => n in (window.__siftMarks ?? {}), name, {
    timeout: timeoutMs,
    polling: 20,
  });
}
