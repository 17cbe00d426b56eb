// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IERC20Like {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// A fixed-price pool: swaps between the native coin and registered tokens at the devnet's
/// price table, so a quote from the service is a real, minable transaction.
contract DevnetSwap {
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    address public immutable owner;

    /// USD price of one whole unit, scaled by 1e18, and the token's decimals.
    mapping(address => uint256) public priceE18;
    mapping(address => uint8) public decimalsOf;

    event Swap(address indexed user, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut);

    /// Registers the tokens of the price table; the value sent is the pool's native liquidity.
    constructor(address[] memory tokens, uint256[] memory prices, uint8[] memory decimals) payable {
        require(tokens.length == prices.length && tokens.length == decimals.length, "length mismatch");
        owner = msg.sender;
        for (uint256 i = 0; i < tokens.length; i++) {
            priceE18[tokens[i]] = prices[i];
            decimalsOf[tokens[i]] = decimals[i];
        }
    }

    receive() external payable {}

    function setToken(address token, uint256 price, uint8 decimals) external {
        require(msg.sender == owner, "only owner");
        priceE18[token] = price;
        decimalsOf[token] = decimals;
    }

    function quote(address tokenIn, address tokenOut, uint256 amountIn) public view returns (uint256) {
        uint256 pIn = priceE18[tokenIn];
        uint256 pOut = priceE18[tokenOut];
        require(pIn != 0 && pOut != 0, "unknown token");
        return (amountIn * pIn * (10 ** decimalsOf[tokenOut])) / (pOut * (10 ** decimalsOf[tokenIn]));
    }

    function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut)
        external
        payable
        returns (uint256 amountOut)
    {
        require(tokenIn != tokenOut, "same token");
        amountOut = quote(tokenIn, tokenOut, amountIn);
        require(amountOut >= minAmountOut, "slippage");
        if (tokenIn == NATIVE) {
            require(msg.value == amountIn, "wrong value");
        } else {
            require(msg.value == 0, "unexpected value");
            require(IERC20Like(tokenIn).transferFrom(msg.sender, address(this), amountIn), "pull failed");
        }
        if (tokenOut == NATIVE) {
            (bool ok, ) = msg.sender.call{value: amountOut}("");
            require(ok, "native payout failed");
        } else {
            require(IERC20Like(tokenOut).transfer(msg.sender, amountOut), "payout failed");
        }
        emit Swap(msg.sender, tokenIn, tokenOut, amountIn, amountOut);
    }
}
