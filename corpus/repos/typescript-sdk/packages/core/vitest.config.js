import baseConfig from '@modelcontextprotocol/vitest-config';

export default baseConfig;
