// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// A price feed with the read side of Chainlink's AggregatorV3Interface, carrying one fixed answer
/// (the devnet's price table). Its values are immutables, so its runtime code alone (set at a fixed
/// address without a transaction) carries them.
contract DevnetPriceFeed {
    uint8 public immutable decimals;
    int256 private immutable answer;

    constructor(uint8 decimals_, int256 answer_) {
        decimals = decimals_;
        answer = answer_;
    }

    function version() external pure returns (uint256) {
        return 4;
    }

    /// Round 1, updated at the current block: a fixed price is never stale.
    function latestRoundData() external view returns (uint80 roundId, int256 answer_, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound) {
        return (1, answer, block.timestamp, block.timestamp, 1);
    }
}
