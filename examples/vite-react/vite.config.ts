import { defineConfig } from 'vite'

// Vite's own JSX transform (React's automatic runtime); nothing else to configure.
export default defineConfig({})
