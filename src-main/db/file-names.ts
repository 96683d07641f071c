/** The database's file in the data folder; apart from connection.ts so the data-folder lock can name it without loading Drizzle. */
export const DB_FILE_NAME = 'sightline.db';
