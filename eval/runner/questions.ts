/**
 * The questions of a run, whatever the benchmark: what to load and ask, how the benchmark scores
 * the reply, and what the scripted providers reply (oracle.ts). Sift's own benchmark is made in a
 * temporary folder and answered by native DuckDB (eval/sift/reference.ts); DABench and QRData are
 * read from a local clone (eval/benchmarks/).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDabench } from '../benchmarks/dabench.ts';
import { readQrdata } from '../benchmarks/qrdata.ts';
import type { BenchQuestion, ScoreResult } from '../benchmarks/types.ts';
import { scoreDabench, type DabenchLabel } from '../scoring/dabench.ts';
import { scoreQrdata, type QrdataExpected } from '../scoring/qrdata.ts';
import { scoreSift } from '../scoring/sift.ts';
import { makeFiles } from '../sift/make-files.ts';
import { SIFT_QUESTIONS } from '../sift/questions.ts';
import { openReference } from '../sift/reference.ts';

export type BenchName = 'dabench' | 'qrdata' | 'sift';

export interface RunnerQuestion {
  id: string;
  category: string;
  /** The whole text asked, with the benchmark's answer format. */
  question: string;
  /** Absolute paths of the files loaded together before asking. */
  files: string[];
  /** The right answer as the output line records it. */
  expected: unknown;
  score(reply: string): ScoreResult;
  /** What the scripted providers do (oracle.ts): the reference SQL, a right and a wrong reply. */
  reference: { sql?: string; reply: string; wrongReply: string; needsAsk?: boolean };
}

export interface LoadedBench {
  questions: RunnerQuestion[];
  /** Questions left out, with the files the clone lacks. */
  skipped: Array<{ id: string; missing: string[] }>;
  /** Removes what the run made (Sift's own files). */
  cleanup(): Promise<void>;
}

/** A number written differently enough that no rule takes it for the right one. */
const wrongNumber = (s: string) => {
  const n = Number(s.replace('%', ''));
  return Number.isFinite(n) ? String(Math.round(n * 3 + 1000)) : `not ${s}`;
};

async function sift(): Promise<LoadedBench> {
  const dir = await mkdtemp(join(tmpdir(), 'sift-eval-'));
  await makeFiles(dir);
  const reference = await openReference(dir, SIFT_QUESTIONS);
  reference.close();
  const questions = SIFT_QUESTIONS.map((q): RunnerQuestion => {
    const expected = reference.answers.get(q.id)!;
    const pairs = (value: (v: string) => string) =>
      q.format.map((f) => `@${f.name}[${value(expected[f.name]!)}]`).join(' ');
    return {
      id: q.id,
      category: q.category,
      question: q.question,
      files: q.files.map((f) => join(dir, f)),
      expected,
      score: (reply) => scoreSift(reply, q, expected),
      reference: {
        sql: q.sql,
        reply: `The answer, from the reference query: ${pairs((v) => v)}`,
        wrongReply: `A wrong answer: ${pairs(wrongNumber)}`,
        ...(q.needsAsk ? { needsAsk: true } : {}),
      },
    };
  });
  return { questions, skipped: [], cleanup: () => rm(dir, { recursive: true, force: true }) };
}

function fromClone(
  read: BenchQuestion[],
  score: (reply: string, expected: unknown) => ScoreResult,
  replies: (expected: unknown) => { reply: string; wrongReply: string },
): LoadedBench {
  const usable = read.filter((q) => !q.missing?.length);
  return {
    questions: usable.map((q) => ({
      id: q.id,
      category: q.category,
      question: q.question,
      files: q.files,
      expected: q.expected,
      score: (reply) => score(reply, q.expected),
      reference: replies(q.expected),
    })),
    skipped: read.filter((q) => q.missing?.length).map((q) => ({ id: q.id, missing: q.missing! })),
    cleanup: async () => undefined,
  };
}

/** The first choice that is not the answer, for the wrong provider's multiple-choice reply. */
function otherChoice(e: QrdataExpected): string {
  const letters = ['A', 'B', 'C', 'D', 'E'];
  const options = e.choices?.length ? e.choices : letters;
  return options.find((c) => c.toLowerCase() !== e.answer.toLowerCase()) ?? `not ${e.answer}`;
}

export async function loadBench(bench: BenchName, data: string | undefined): Promise<LoadedBench> {
  if (bench === 'sift') return sift();
  if (!data)
    throw new Error(`--bench ${bench} needs --data: the path of a local clone of its repository.`);
  if (bench === 'dabench')
    return fromClone(
      readDabench(data),
      (reply, e) => scoreDabench(reply, e as DabenchLabel),
      (e) => {
        const label = e as DabenchLabel;
        return {
          reply: label.map(([n, v]) => `@${n}[${v}]`).join(' '),
          wrongReply: label.map(([n, v]) => `@${n}[${wrongNumber(v)}]`).join(' '),
        };
      },
    );
  return fromClone(
    readQrdata(data),
    (reply, e) => scoreQrdata(reply, e as QrdataExpected),
    (e) => {
      const q = e as QrdataExpected;
      return {
        reply: `Final Answer: ${q.answer}`,
        wrongReply: `Final Answer: ${q.type === 'multiple_choice' ? otherChoice(q) : wrongNumber(q.answer)}`,
      };
    },
  );
}
