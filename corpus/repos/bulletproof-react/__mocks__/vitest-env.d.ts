/// <reference types="vite/client" />
/// <reference types="vitest/globals" />
