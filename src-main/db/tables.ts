import * as sqliteSchema from './schema';
import * as pgSchema from './schema-pg';

/*
 * The tables the repositories write through, as the dialect of this process's database: SQLite's
 * (schema.ts) until `useTables('postgres')` switches every binding to schema-pg.ts's twin. The
 * repositories' query-builder code is shared by both dialects; it is typed with SQLite's tables
 * (the two schemas have the same tables, columns and value types, kept in step by
 * test/db/schema-pg-in-step.test.ts) and run with the dialect's own, so drizzle maps each value
 * the way its column stores it (a boolean as 0/1 or as boolean, JSON as text or as jsonb).
 * A process holds one kind of database at a time (db/dialect.ts).
 */

export { UNFINISHED_BELOW } from './schema';

export let accounts: typeof sqliteSchema.accounts = sqliteSchema.accounts;
export let apiKeys: typeof sqliteSchema.apiKeys = sqliteSchema.apiKeys;
export let checkRows: typeof sqliteSchema.checkRows = sqliteSchema.checkRows;
export let stagedDeploys: typeof sqliteSchema.stagedDeploys = sqliteSchema.stagedDeploys;
export let checks: typeof sqliteSchema.checks = sqliteSchema.checks;
export let members: typeof sqliteSchema.members = sqliteSchema.members;
export let checkGroups: typeof sqliteSchema.checkGroups = sqliteSchema.checkGroups;
export let alertChannels: typeof sqliteSchema.alertChannels = sqliteSchema.alertChannels;
export let alertSubscriptions: typeof sqliteSchema.alertSubscriptions = sqliteSchema.alertSubscriptions;
export let statusPageServices: typeof sqliteSchema.statusPageServices = sqliteSchema.statusPageServices;
export let incidents: typeof sqliteSchema.incidents = sqliteSchema.incidents;
export let incidentServices: typeof sqliteSchema.incidentServices = sqliteSchema.incidentServices;
export let incidentUpdates: typeof sqliteSchema.incidentUpdates = sqliteSchema.incidentUpdates;
export let statusPages: typeof sqliteSchema.statusPages = sqliteSchema.statusPages;
export let statusPageCards: typeof sqliteSchema.statusPageCards = sqliteSchema.statusPageCards;
export let statusPageCardServices: typeof sqliteSchema.statusPageCardServices = sqliteSchema.statusPageCardServices;
export let statusPageServiceChecks: typeof sqliteSchema.statusPageServiceChecks = sqliteSchema.statusPageServiceChecks;
export let statusPageSubscribers: typeof sqliteSchema.statusPageSubscribers = sqliteSchema.statusPageSubscribers;
export let statusPageEmails: typeof sqliteSchema.statusPageEmails = sqliteSchema.statusPageEmails;
export let checkSchedule: typeof sqliteSchema.checkSchedule = sqliteSchema.checkSchedule;
export let runLocationCodes: typeof sqliteSchema.runLocationCodes = sqliteSchema.runLocationCodes;
export let checkSessions: typeof sqliteSchema.checkSessions = sqliteSchema.checkSessions;
export let resultDetails: typeof sqliteSchema.resultDetails = sqliteSchema.resultDetails;
export let checkResults: typeof sqliteSchema.checkResults = sqliteSchema.checkResults;
export let checkStatuses: typeof sqliteSchema.checkStatuses = sqliteSchema.checkStatuses;
export let heartbeatStates: typeof sqliteSchema.heartbeatStates = sqliteSchema.heartbeatStates;
export let checkRollups: typeof sqliteSchema.checkRollups = sqliteSchema.checkRollups;
export let maintenanceState: typeof sqliteSchema.maintenanceState = sqliteSchema.maintenanceState;
export let privateLocations: typeof sqliteSchema.privateLocations = sqliteSchema.privateLocations;
export let privateLocationKeys: typeof sqliteSchema.privateLocationKeys = sqliteSchema.privateLocationKeys;
export let agents: typeof sqliteSchema.agents = sqliteSchema.agents;
export let agentJobs: typeof sqliteSchema.agentJobs = sqliteSchema.agentJobs;
export let checkAlertStates: typeof sqliteSchema.checkAlertStates = sqliteSchema.checkAlertStates;
export let checkAlerts: typeof sqliteSchema.checkAlerts = sqliteSchema.checkAlerts;
export let alertNotifications: typeof sqliteSchema.alertNotifications = sqliteSchema.alertNotifications;
export let appSettings: typeof sqliteSchema.appSettings = sqliteSchema.appSettings;
export let accountVariables: typeof sqliteSchema.accountVariables = sqliteSchema.accountVariables;
export let maintenanceWindows: typeof sqliteSchema.maintenanceWindows = sqliteSchema.maintenanceWindows;
export let consoleSessions: typeof sqliteSchema.consoleSessions = sqliteSchema.consoleSessions;
export let projects: typeof sqliteSchema.projects = sqliteSchema.projects;
export let projectBindings: typeof sqliteSchema.projectBindings = sqliteSchema.projectBindings;
export let deployments: typeof sqliteSchema.deployments = sqliteSchema.deployments;
export let importPlans: typeof sqliteSchema.importPlans = sqliteSchema.importPlans;
export let codeBundles: typeof sqliteSchema.codeBundles = sqliteSchema.codeBundles;
export let codeTestSessions: typeof sqliteSchema.codeTestSessions = sqliteSchema.codeTestSessions;
export let clusterNodes: typeof sqliteSchema.clusterNodes = sqliteSchema.clusterNodes;
export let clusterLease: typeof sqliteSchema.clusterLease = sqliteSchema.clusterLease;

/** Points every table binding at the dialect's schema (db/dialect.ts calls it when a database opens). */
export function useTables(dialect: 'sqlite' | 'postgres'): void {
  const from = (dialect === 'sqlite' ? sqliteSchema : pgSchema) as unknown as typeof sqliteSchema;
  accounts = from.accounts;
  apiKeys = from.apiKeys;
  checkRows = from.checkRows;
  stagedDeploys = from.stagedDeploys;
  checks = from.checks;
  members = from.members;
  checkGroups = from.checkGroups;
  alertChannels = from.alertChannels;
  alertSubscriptions = from.alertSubscriptions;
  statusPageServices = from.statusPageServices;
  incidents = from.incidents;
  incidentServices = from.incidentServices;
  incidentUpdates = from.incidentUpdates;
  statusPages = from.statusPages;
  statusPageCards = from.statusPageCards;
  statusPageCardServices = from.statusPageCardServices;
  statusPageServiceChecks = from.statusPageServiceChecks;
  statusPageSubscribers = from.statusPageSubscribers;
  statusPageEmails = from.statusPageEmails;
  checkSchedule = from.checkSchedule;
  runLocationCodes = from.runLocationCodes;
  checkSessions = from.checkSessions;
  resultDetails = from.resultDetails;
  checkResults = from.checkResults;
  checkStatuses = from.checkStatuses;
  heartbeatStates = from.heartbeatStates;
  checkRollups = from.checkRollups;
  maintenanceState = from.maintenanceState;
  privateLocations = from.privateLocations;
  privateLocationKeys = from.privateLocationKeys;
  agents = from.agents;
  agentJobs = from.agentJobs;
  checkAlertStates = from.checkAlertStates;
  checkAlerts = from.checkAlerts;
  alertNotifications = from.alertNotifications;
  appSettings = from.appSettings;
  accountVariables = from.accountVariables;
  maintenanceWindows = from.maintenanceWindows;
  consoleSessions = from.consoleSessions;
  projects = from.projects;
  projectBindings = from.projectBindings;
  deployments = from.deployments;
  importPlans = from.importPlans;
  codeBundles = from.codeBundles;
  codeTestSessions = from.codeTestSessions;
  clusterNodes = from.clusterNodes;
  clusterLease = from.clusterLease;
}

/**
 * A value built from the tables (a field map, an SQL fragment), built again when the dialect's
 * tables change: a module-level constant would keep the tables it was first built with.
 */
export function perDialect<T>(build: () => T): () => T {
  let builtFor: object | null = null;
  let value!: T;
  return () => {
    if (builtFor !== checks) {
      value = build();
      builtFor = checks;
    }
    return value;
  };
}
