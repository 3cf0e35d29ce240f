// The registry entries of this area's screens (spread into features/registry.ts).
// Upload folders (the stores' uploaded documents by group) and the upload report.
import { IconChartBar, IconFolders } from '@tabler/icons-react';
import type { ScreenEntry } from '../../components/resource/types';

export const uploadsScreens: ScreenEntry[] = [
  {
    name: 'upload_folder',
    path: 'upload-folders',
    area: 'upload',
    group: 'uploads',
    icon: IconFolders,
    load: () => import('./upload-folder.resource'),
  },
  {
    kind: 'page',
    name: 'upload_report',
    path: 'upload-report',
    area: 'upload',
    group: 'uploads',
    icon: IconChartBar,
    load: () => import('./upload-report.page').then((m) => ({ page: m.UploadReportPage })),
  },
];
