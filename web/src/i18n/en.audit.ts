// English labels of the audit trail (features/audit) and of the lists' saved views, merged into
// en.app.ts. id.audit.ts has the same keys.
export const messages = {
  resources: {
    job: {
      title: 'Job queue',
      one: 'job',
      summary:
        'Background work (broadcast delivery, the upload sweep, the points expiry): waiting, running, done or failed with its error',
      fields: {
        name: 'Job',
        state: 'State',
        attempts: 'Attempts',
        retry_limit: 'Retries allowed',
        error: 'Error',
        key: 'Works on',
        created_at: 'Queued at',
        start_after: 'Runs from',
        started_at: 'Started',
        finished_at: 'Finished',
      },
      states: {
        queued: 'Waiting',
        running: 'Running',
        completed: 'Done',
        failed: 'Failed',
        cancelled: 'Cancelled',
      },
    },
    audit_log: {
      title: 'Change history',
      one: 'change',
      summary: 'Who changed which record, when, and what before and after',
      fields: {
        at: 'When',
        user_name: 'By',
        action: 'Change',
        entity: 'Record type',
        entity_id: 'Record ID',
        changed_fields: 'Fields changed',
        staff_user_id: 'Staff user',
        ip: 'IP address',
      },
    },
  },
  audit: {
    history: 'History',
    changes: 'What changed',
    noChanges: 'No field changed.',
    field: 'Field',
    before: 'Before',
    after: 'After',
    system: 'System',
    actions: {
      create: 'Created',
      update: 'Changed',
      delete: 'Deleted',
      import: 'Imported',
      register: 'Registered',
    },
  },
  savedViews: {
    button: 'Views',
    title: 'Saved views',
    none: 'No saved view yet.',
    saveCurrent: 'Save this view…',
    saveTitle: 'Save the view',
    saveHint: 'The filters, search, sort and columns shown now are saved under this name, for you only.',
    name: 'Name',
    saved: 'View “{{name}}” saved',
    deleted: 'View “{{name}}” deleted',
    delete: 'Delete the view {{name}}',
  },
};
