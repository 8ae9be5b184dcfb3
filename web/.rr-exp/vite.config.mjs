export default { build: { lib: { entry: process.env.E, formats: ['es'], fileName: process.env.E }, rollupOptions: { external: ['react', 'react-dom'] }, outDir: 'out', emptyOutDir: false } };
