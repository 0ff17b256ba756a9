"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.promiseHooksOn = promiseHooksOn;
const node_async_hooks_1 = require("node:async_hooks");
async function promiseHooksOn() {
    await null;
    const first = (0, node_async_hooks_1.executionAsyncResource)();
    await null;
    return (0, node_async_hooks_1.executionAsyncResource)() !== first;
}
//# sourceMappingURL=promise-hooks.js.map