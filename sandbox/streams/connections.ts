// Open result connections, so a newer one can end an older one and close() can end them all.
import type { StatusName } from '../../core/api/schemas/envelope';
import type { ChunkWriter } from './chunks';

export class Connections {
  private readonly byStream = new Map<string, ChunkWriter>();
  private readonly all = new Set<ChunkWriter>();

  open(key: string, writer: ChunkWriter): void {
    const older = this.byStream.get(key);
    if (older && !older.isClosed) {
      older.error(
        'replacedConnection',
        'Disconnected: a newer connection opened on the same stream',
      );
      older.end();
    }
    this.byStream.set(key, writer);
    this.all.add(writer);
  }

  closed(key: string, writer: ChunkWriter): void {
    if (this.byStream.get(key) === writer) this.byStream.delete(key);
    this.all.delete(writer);
  }

  /** Ends the connection under `key`, if open (a deleted collector or stream). */
  end(key: string, status?: { name: StatusName; message: string }): boolean {
    const writer = this.byStream.get(key);
    if (!writer || writer.isClosed) return false;
    if (status) writer.error(status.name, status.message);
    writer.end();
    this.closed(key, writer);
    return true;
  }

  endAll(): void {
    for (const writer of this.all) writer.end();
    this.all.clear();
    this.byStream.clear();
  }
}
