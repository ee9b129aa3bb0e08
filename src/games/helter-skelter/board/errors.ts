// The error a malformed map raises: it names the map and says what is wrong and where.

export class MapFormatError extends Error {
  readonly code = 'MAP_FORMAT';
  readonly mapId: string;

  constructor(
    mapId: string,
    detail: string,
  ) {
    super(`map ${mapId}: ${detail}`);
    this.mapId = mapId;
    this.name = 'MapFormatError';
  }
}
