// The maintenance windows' public face: transports, the scheduler and other services import from here only.
export { getMaintenanceWindow, listMaintenanceWindowsNamed, listMaintenanceWindowsPage } from './read';
export { createMaintenanceWindow, deleteMaintenanceWindow, updateMaintenanceWindow } from './write';
export { startMaintenanceNow } from './start-now';
export { holdSlotsInMaintenance } from './hold-slots';
export { currentMaintenance, maintenanceOfChecks } from './checks-in-maintenance';
export { loadMaintenanceCalendar, type MaintenanceCalendar, type OpenMaintenance } from './calendar';
