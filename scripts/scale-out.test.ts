// The one-machine arrangement writes the repository's nginx config for the instances it starts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from './scale-out';

const template = readFileSync(path.resolve(import.meta.dirname, '..', 'deploy', 'nginx', 'issuescope.conf'), 'utf8');

describe('the scale-out nginx config', () => {
  it('lists one upstream server per instance and listens on the chosen port, keeping the proxy headers', () => {
    const config = nginxConfig(template, 9000, [9001, 9002, 9003]);
    expect(config.match(/^\s*server 127\.0\.0\.1:\d+;$/gm)).toEqual(['    server 127.0.0.1:9001;', '    server 127.0.0.1:9002;', '    server 127.0.0.1:9003;']);
    expect(config).toContain('listen 127.0.0.1:9000;');
    expect(config).toContain('proxy_set_header Host $http_host;');
    expect(config).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
  });
});
