import { clearRecordings } from './key-scan';

export default function globalSetup(): void {
  clearRecordings();
}
