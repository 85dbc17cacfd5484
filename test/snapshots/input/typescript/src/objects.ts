// Members of an object literal bound to a module-level name are definitions of their own.
export function helper(): number {
  return 1;
}

export const AppConfig = {
  validate() {
    helper();
    return this.load();
  },
  load: () => helper(),
  name: 'config',
};

export const opts = {
  connect() {
    return AppConfig.validate();
  },
} as const;

export function main(): void {
  AppConfig.validate();
  opts.connect();
  // An object literal in a function stays part of it.
  const local = { go() { helper(); } };
  local.go();
}
