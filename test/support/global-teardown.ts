import { scanRecordingsForKeys } from './key-scan';

export default function globalTeardown(): void {
  scanRecordingsForKeys();
}
