// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// The part of the Multicall3 interface that chain readers use (aggregate3, getEthBalance), written
/// for the devnet and placed at Multicall3's canonical address, where a reader finds it on every
/// public chain.
contract DevnetMulticall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// Each call in order; a failed call reverts the whole unless it allows failure.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].callData);
            require(success || calls[i].allowFailure, "DevnetMulticall3: call failed");
            results[i] = Result(success, returnData);
        }
    }

    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }
}
