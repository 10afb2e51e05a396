import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * A staff account made as an administrator makes one (`admin-create-user`), in a shop's data directory
 * before the shop opens it (decision 146): its e-mail `<username>@lionrock.example`.
 */
export function createStaffAccount(
  dataDir: string,
  account: { username: string; role: string; password: string },
): void {
  execFileSync(
    process.execPath,
    [
      path.join(HERE, '../../apps/server/scripts/admin-create-user.ts'),
      '--username',
      account.username,
      '--email',
      `${account.username}@lionrock.example`,
      '--role',
      account.role,
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        APP_ENV: 'local',
        LOG_LEVEL: 'warn',
        ADMIN_NEW_PASSWORD: account.password,
      },
      stdio: 'pipe',
    },
  );
}
