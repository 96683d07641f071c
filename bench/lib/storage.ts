import Database from 'better-sqlite3';
import { statSync } from 'node:fs';

export interface RunStorage {
  /** FINAL results of ICMP checks (skipped ones included: they are stored too). */
  finalIcmpRuns: number;
  results: number;
  sessions: number;
  /** Pages of check_results, check_sessions and every index on them (dbstat pgsize). */
  runBytes: number;
  bytesPerRun: number;
  /** result_details pages (deduplicated bodies: errors, assertions), shown apart. */
  detailBytes: number;
  fileBytes: number;
  objects: { name: string; bytes: number }[];
}

/** dbstat over a stopped server's database: bytes on disk per stored ICMP run, its session row included. */
export function measureRunStorage(dbFile: string): RunStorage {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const names = (db.prepare("select name from sqlite_master where tbl_name in ('check_results', 'check_sessions') and type in ('table', 'index')").all() as { name: string }[]).map(
      (r) => r.name,
    );
    const objects = names.map((name) => ({ name, bytes: (db.prepare('select coalesce(sum(pgsize), 0) as bytes from dbstat where name = ?').get(name) as { bytes: number }).bytes }));
    const detailBytes = (db.prepare("select coalesce(sum(pgsize), 0) as bytes from dbstat where name like 'result_details%' or name like 'sqlite_autoindex_result_details%'").get() as { bytes: number })
      .bytes;
    const finalIcmpRuns = (
      db
        .prepare("select count(*) as n from check_results r join check_schedule s on s.check_num = r.check_num join checks c on c.id = s.check_id where r.result_type = 0 and c.check_type = 'ICMP'")
        .get() as { n: number }
    ).n;
    const results = (db.prepare('select count(*) as n from check_results').get() as { n: number }).n;
    const sessions = (db.prepare('select count(*) as n from check_sessions').get() as { n: number }).n;
    const runBytes = objects.reduce((sum, o) => sum + o.bytes, 0);
    return {
      finalIcmpRuns,
      results,
      sessions,
      runBytes,
      bytesPerRun: finalIcmpRuns > 0 ? runBytes / finalIcmpRuns : Number.NaN,
      detailBytes,
      fileBytes: statSync(dbFile).size,
      objects,
    };
  } finally {
    db.close();
  }
}

export interface TypeStorage {
  checkType: string;
  /** FINAL results of the type, and how many of them passed (not failing, degraded, skipped or cancelled). */
  finalRuns: number;
  passingRuns: number;
  /** Pages of check_results, check_sessions, their indexes and result_details (bodies kept apart): everything a run stores. */
  runBytes: number;
  detailBytes: number;
  bytesPerRun: number;
  fileBytes: number;
}

/**
 * dbstat over a stopped server's database that holds runs of one check type only: every byte the
 * runs stored (rows, indexes and the detail bodies) divided by its FINAL results.
 */
export function measureTypeStorage(dbFile: string, checkType: string): TypeStorage {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const pages = (where: string) => (db.prepare(`select coalesce(sum(pgsize), 0) as bytes from dbstat where ${where}`).get() as { bytes: number }).bytes;
    const names = (db.prepare("select name from sqlite_master where tbl_name in ('check_results', 'check_sessions', 'result_details') and type in ('table', 'index')").all() as { name: string }[]).map((r) => r.name);
    const runBytes = names.reduce((sum, name) => sum + (db.prepare('select coalesce(sum(pgsize), 0) as bytes from dbstat where name = ?').get(name) as { bytes: number }).bytes, 0);
    const detailBytes = pages("name like 'result_details%' or name like 'sqlite_autoindex_result_details%'");
    const count = (extra: string) =>
      (
        db
          .prepare(`select count(*) as n from check_results r join check_schedule s on s.check_num = r.check_num join checks c on c.id = s.check_id where r.result_type = 0 and c.check_type = ? ${extra}`)
          .get(checkType) as { n: number }
      ).n;
    const finalRuns = count('');
    // RESULT_FLAGS: hasFailures 1, hasErrors 2, isDegraded 4, isCancelled 16, timedOut 64, skipped 256.
    const passingRuns = count('and (r.flags & (1 | 2 | 4 | 16 | 64 | 256)) = 0');
    return { checkType, finalRuns, passingRuns, runBytes, detailBytes, bytesPerRun: finalRuns > 0 ? runBytes / finalRuns : Number.NaN, fileBytes: statSync(dbFile).size };
  } finally {
    db.close();
  }
}
